// The text box's escape syntax: JavaScript string-literal escapes, so that a user can type what
// no keyboard (and no clipboard) produces: a lone surrogate.
//
//   \uD83D  one UTF-16 code unit (exactly 4 hex digits)     \n \r \t \0  the usual controls
//   \u{1F600}  one code point, 1–6 hex digits, ≤ 10FFFF    \\  a backslash
//   \x41  one code unit U+0000–U+00FF (as in JS: not a byte) \" \'  quotes
//
// No dependency on the package: pure string functions, tested in Node.

const SIMPLE = { n: '\n', r: '\r', t: '\t', 0: '\0', '\\': '\\', '"': '"', "'": "'" };
const HEX = /^[0-9a-fA-F]+$/;

/**
 * Parses escape syntax. Never throws: something that looks like an escape but is not one is kept
 * as typed (so half-typed input such as `\uD8` shows up literally) and reported in `problems`,
 * each `{ at, length, text, message }` with `at` a code unit index into `source`.
 */
export function parseEscapes(source) {
  let value = '';
  const problems = [];
  let i = 0;
  while (i < source.length) {
    const slash = source.indexOf('\\', i);
    if (slash < 0) {
      value += source.slice(i);
      break;
    }
    value += source.slice(i, slash);
    const next = source[slash + 1];
    if (next === undefined) {
      problems.push({
        at: slash,
        length: 1,
        text: '\\',
        message: 'a lone backslash at the end (write \\\\ for a backslash)',
      });
      value += '\\';
      break;
    }
    if (Object.hasOwn(SIMPLE, next)) {
      value += SIMPLE[next];
      i = slash + 2;
      continue;
    }
    if (next === 'u' && source[slash + 2] === '{') {
      const close = source.indexOf('}', slash + 3);
      const digits = close < 0 ? '' : source.slice(slash + 3, close);
      if (digits.length >= 1 && digits.length <= 6 && HEX.test(digits) && parseInt(digits, 16) <= 0x10ffff) {
        value += String.fromCodePoint(parseInt(digits, 16));
        i = close + 1;
        continue;
      }
      problems.push(
        problem(source, slash, 3, '\\u{…} needs 1 to 6 hex digits up to 10FFFF and a closing }, as in \\u{1F600}'),
      );
      value += source.slice(slash, slash + 3);
      i = slash + 3;
      continue;
    }
    if (next === 'x' || next === 'u') {
      // \xHH and \uHHHH: exactly 2 or 4 hex digits, one code unit.
      const count = next === 'x' ? 2 : 4;
      const digits = source.slice(slash + 2, slash + 2 + count);
      if (digits.length === count && HEX.test(digits)) {
        value += String.fromCharCode(parseInt(digits, 16));
        i = slash + 2 + count;
        continue;
      }
      const example = next === 'x' ? '\\x41' : '\\uD83D';
      problems.push(problem(source, slash, 2, `\\${next} needs exactly ${count} hex digits, as in ${example}`));
      value += source.slice(slash, slash + 2);
      i = slash + 2;
      continue;
    }
    problems.push(
      problem(source, slash, 2, `\\${next} is not an escape here; kept as typed (write \\\\ for a backslash)`),
    );
    value += source.slice(slash, slash + 2);
    i = slash + 2;
  }
  return { value, problems };
}

function problem(source, at, length, message) {
  return { at, length, text: source.slice(at, at + length), message };
}

const isLead = (unit) => unit >= 0xd800 && unit <= 0xdbff;
const isTrail = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
const hex4 = (unit) => unit.toString(16).toUpperCase().padStart(4, '0');

/**
 * The inverse of {@link parseEscapes}: `parseEscapes(toEscapes(s)).value === s` for every string,
 * lone surrogates included. Printable text stays as it is; backslashes, lone surrogates, controls
 * and invisible format characters become escapes. With `quote`, that quote character is escaped
 * too (for showing a JavaScript literal).
 */
export function toEscapes(string, { quote = '' } = {}) {
  let out = '';
  for (let i = 0; i < string.length; i++) {
    const unit = string.charCodeAt(i);
    if (isLead(unit) && i + 1 < string.length && isTrail(string.charCodeAt(i + 1))) {
      out += string[i] + string[i + 1];
      i++;
    } else if (isLead(unit) || isTrail(unit)) {
      out += `\\u${hex4(unit)}`;
    } else if (string[i] === '\\') {
      out += '\\\\';
    } else if (quote && string[i] === quote) {
      out += `\\${quote}`;
    } else if (unit === 0x0a) {
      out += '\\n';
    } else if (unit === 0x0d) {
      out += '\\r';
    } else if (unit === 0x09) {
      out += '\\t';
    } else if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) {
      out += `\\x${unit.toString(16).toUpperCase().padStart(2, '0')}`;
    } else if (/[\p{Cf}\p{Zl}\p{Zp}]/u.test(string[i]) || unit === 0xfeff) {
      out += `\\u${hex4(unit)}`;
    } else {
      out += string[i];
    }
  }
  return out;
}
