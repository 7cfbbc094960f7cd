// The shared case set of the boundary tests: every part (a store, a wire, a serialisation library)
// is tried with each of these strings, first as a plain string, then through the recipe of
// examples/boundaries/. Plain ESM with no imports, so that the same module runs in Node, Deno, Bun
// and the browsers.

/** A string of `length` units with a lone surrogate every 1,000 units (leads and trails by turns). */
function longWithLoneSurrogates(length) {
  const parts = [];
  for (let at = 0; at < length; at += 1000) {
    const filler = 'The quick brown fox jumps over the lazy dog; Ça va? Жёлтый 漢字 😀. '.repeat(16);
    parts.push((at / 1000) % 2 ? '\uDC00' : '\uD83D', filler.slice(0, 999));
  }
  return parts.join('').slice(0, length);
}

/**
 * The cases. `kind` groups them for the pinned facts and the README's table:
 * - `lone`: a short string (under 50 units) with a lone surrogate;
 * - `lone, long`: a string of 200 units or more with lone surrogates (some parts treat short and
 *   long strings differently);
 * - `well-formed`: no lone surrogate, no NUL;
 * - `NUL`: well-formed, with U+0000 inside;
 * - `empty`: the empty string.
 */
export const CASES = [
  { name: 'lone lead at the start', kind: 'lone', text: '\uD83Dabc' },
  { name: 'lone lead in the middle', kind: 'lone', text: 'a\uD83Db' },
  { name: 'lone lead at the end', kind: 'lone', text: 'abc\uD83D' },
  { name: 'lone trail at the start', kind: 'lone', text: '\uDC00abc' },
  { name: 'lone trail in the middle', kind: 'lone', text: 'a\uDC00b' },
  { name: 'lone trail at the end', kind: 'lone', text: 'abc\uDE00' },
  { name: 'a lone trail alone', kind: 'lone', text: '\uDC00' },
  { name: 'a reversed pair', kind: 'lone', text: '\uDE00\uD83D' },
  { name: 'two leads', kind: 'lone', text: '\uD83D\uD83D' },
  { name: '200 units, lone lead in the middle', kind: 'lone, long', text: 'x'.repeat(100) + '\uD83D' + 'y'.repeat(99) },
  { name: '100 K units with lone surrogates', kind: 'lone, long', text: longWithLoneSurrogates(100_000) },
  { name: 'a pair', kind: 'well-formed', text: 'a\uD83D\uDE00b' },
  { name: 'a real U+FFFD', kind: 'well-formed', text: 'a\uFFFDb' },
  { name: 'ASCII, Latin, CJK', kind: 'well-formed', text: 'plain, Ça va, 漢字' },
  { name: 'NUL', kind: 'NUL', text: 'a\u0000b' },
  { name: 'the empty string', kind: 'empty', text: '' },
];

/** The kinds, in the order the facts and the README list them. */
export const KINDS = ['lone', 'lone, long', 'well-formed', 'NUL', 'empty'];

/**
 * What the store or wire might do to a string it was given (`outcome`), or `unavailable`: the
 * runtime does not have the part at all (`unavailable()`).
 */
export const OUTCOMES = ['kept', 'replaced', 'replaced per byte', 'cut at NUL', 'rejected', 'changed', 'unavailable'];

/** A lone surrogate (a code unit, not in a pair). */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * What a part did to `sent`, given what came back (`got`; an `Error` if the part threw):
 * `kept` (the same string), `replaced` (each lone surrogate is U+FFFD: `sent.toWellFormed()`),
 * `replaced per byte` (each lone surrogate is three U+FFFD, one per byte of its WTF-8: the
 * bytes were kept and read as UTF-8), `cut at NUL` (the string up to its first U+0000),
 * `rejected` (the part threw), or `changed` (anything else).
 */
export function outcome(sent, got) {
  if (got instanceof Error) return 'rejected';
  if (got === sent) return 'kept';
  if (typeof got !== 'string') return 'changed';
  if (got === sent.toWellFormed()) return 'replaced';
  if (got === sent.replace(LONE, '\uFFFD\uFFFD\uFFFD')) return 'replaced per byte';
  const nul = sent.indexOf('\0');
  if (nul >= 0 && got === sent.slice(0, nul)) return 'cut at NUL';
  return 'changed';
}

/**
 * Runs the whole case set through a part: `tripAll(texts)` stores or sends every text of CASES (in
 * that order) and returns what came back for each, a string or, where the part threw for that one
 * text, an `Error` (`settle` helps). Returns `{ outcomes, errors }`: the outcome of each case by
 * name, and the messages of the rejected ones (so that a failing test can show why).
 */
export async function tryCases(tripAll) {
  const got = await tripAll(CASES.map((c) => c.text));
  if (!Array.isArray(got) || got.length !== CASES.length) throw new Error('tryCases: one result per case expected');
  const outcomes = {};
  const errors = {};
  CASES.forEach((c, i) => {
    outcomes[c.name] = outcome(c.text, got[i]);
    if (got[i] instanceof Error) errors[c.name] = String(got[i].message).slice(0, 300);
  });
  return { outcomes, errors };
}

/**
 * What `tryCases` reports for a part the runtime does not have (WebKitGTK's missing OPFS): every
 * case `unavailable`, so that the day the part appears the pinned facts fail and are measured anew.
 */
export function unavailable() {
  return { outcomes: Object.fromEntries(CASES.map((c) => [c.name, 'unavailable'])), errors: {} };
}

/** `await fn()`, or the error it threw (as an `Error`): one case's result for `tryCases`. */
export async function settle(fn) {
  try {
    return await fn();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * The outcomes of `tryCases` by kind: `{ [kind]: outcome }` when every case of the kind had the
 * same outcome, else the distinct outcomes joined with ' / ' (a test pins either).
 */
export function byKind(outcomes) {
  const summary = {};
  for (const kind of KINDS) {
    const seen = [...new Set(CASES.filter((c) => c.kind === kind).map((c) => outcomes[c.name]))];
    summary[kind] = seen.join(' / ');
  }
  return summary;
}
