// Bytes → string: parses the hex box, decodes leniently and strictly, and shows where strict
// decoding stops.
import { checkUtf8, decode, wtf8ToUtf8, Wtf8Error } from 'wtf8-wasm';
import { inspect } from 'wtf8-wasm/inspect';
import { h, fill } from './lib/dom.mjs';
import { formatHex, parseHex, hex2 } from './lib/hex.mjs';
import { toEscapes } from './lib/escapes.mjs';
import { KINDS, hex4, visibleForm } from './lib/labels.mjs';
import { renderBreakdown } from './breakdown.mjs';
import { visibleString } from './visible.mjs';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/** Bytes beyond this are decoded but not drawn one by one. */
const MAX_BYTES_SHOWN = 2000;

/** What each error code means, in the words of someone explaining it at a whiteboard. */
const EXPLAIN = {
  UNEXPECTED_CONTINUATION: 'A continuation byte (10xxxxxx) where a new sequence should start.',
  OVERLONG:
    'A code point written with more bytes than it needs. UTF-8 and WTF-8 allow only the shortest form, so that one character has one spelling.',
  INVALID_BYTE: 'F5–FF never appear in UTF-8 or WTF-8.',
  TOO_LARGE: 'The sequence spells a code point above U+10FFFF, the last one Unicode has.',
  MISSING_CONTINUATION: 'A lead byte promised more continuation bytes (10xxxxxx) than follow it.',
  TRUNCATED: 'The input ends in the middle of a sequence.',
  SURROGATE_PAIR:
    'A lead and a trail surrogate written as two 3-byte sequences (as CESU-8 does). WTF-8 writes a pair as the one 4-byte sequence of its code point, so that every string has exactly one WTF-8 form.',
  SURROGATE: 'A surrogate code point (ED A0–BF xx): fine in WTF-8, not allowed in UTF-8.',
};

/**
 * Renders the decode pane for the hex box content `text` in `mode` ('lenient' or 'strict').
 * `onInspect(string)` is called when the user asks to see the decoded string in the encode pane.
 */
export function renderDecode(text, mode, { onInspect }) {
  const parsed = parseHex(text);
  const problem = $('hex-problem');
  if (parsed.error) {
    const { at, message } = parsed.error;
    fill(problem, `Column ${at + 1}: ${message}.`);
    // Nothing below would describe what is in the box: clear it rather than show stale results.
    fill($('byte-view'), h('span', { class: 'empty' }, 'Fix the hex above to see the bytes.'));
    fill($('decode-result'));
    fill($('decode-breakdown'));
    return;
  }
  fill(problem);
  const bytes = parsed.bytes;
  const segments = inspect(bytes);
  const lenient = decode(bytes);
  let strict = null;
  let strictError = null;
  try {
    strict = decode(bytes, { fatal: true });
  } catch (error) {
    if (!(error instanceof Wtf8Error)) throw error;
    strictError = error;
  }
  const showError = mode === 'strict' && strictError !== null;
  const replacedAt = new Set(segments.filter((segment) => segment.kind === 'invalid').map((segment) => segment.index));

  renderByteView(bytes, segments, showError ? strictError : null);

  const result = $('decode-result');
  result.dataset.mode = mode;
  if (bytes.length === 0) {
    fill(result, h('p', { class: 'empty' }, 'Type or paste bytes above, or try an example.'));
  } else if (showError) {
    fill(
      result,
      errorBox(strictError),
      compareLine('Lenient decoding (the default) gives', lenient, replacedAt, 'decode(bytes)'),
    );
  } else {
    const value = mode === 'strict' ? strict : lenient;
    fill(
      result,
      decodedBox(value, mode, replacedAt, onInspect),
      mode === 'lenient' && strictError !== null
        ? h(
            'p',
            { class: 'compare', 'data-testid': 'decode-compare' },
            'Strict decoding would throw ',
            h('code', { class: 'error-code' }, strictError.code),
            ` at byte offset ${strictError.offset}.`,
          )
        : h(
            'p',
            { class: 'compare', 'data-testid': 'decode-compare' },
            'Strict and lenient decoding agree: these bytes are well-formed WTF-8.',
          ),
      utf8Line(bytes),
    );
  }
  if (bytes.length > 0 && segments.some((segment) => segment.error === 'SURROGATE_PAIR')) {
    result.append(
      h(
        'p',
        { class: 'compare', 'data-testid': 'pair-note' },
        'The rows marked ',
        h('code', { class: 'error-code' }, 'SURROGATE_PAIR'),
        ' are the trail half of a pair written as two 3-byte sequences. Lenient decoding puts both halves into the string, where ' +
          'JavaScript reads them as one code point, so the string’s UTF-8 has its 4-byte form, not two EF BF BD: the lead’s row shows those 4 UTF-8 bytes and the trail’s row none.',
      ),
    );
  }

  renderBreakdown($('decode-breakdown'), segments, {
    source: 'bytes',
    caption:
      bytes.length === 0
        ? 'No bytes yet.'
        : `The bytes, one row per code point, surrogate or ill-formed subpart (${segments.length} row${segments.length === 1 ? '' : 's'})`,
    highlight: showError ? strictError.offset : null,
  });
}

function errorBox(error) {
  const length =
    error.length === null ? 'to the end of the input' : `${error.length} byte${error.length === 1 ? '' : 's'}`;
  return h(
    'div',
    { class: 'error-box', 'data-testid': 'decode-error', 'data-code': error.code, 'data-offset': String(error.offset) },
    h(
      'p',
      { class: 'error-title' },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, '✗'),
      ' ',
      h('code', {}, 'decode(bytes, { fatal: true })'),
      ' throws ',
      h('code', {}, 'Wtf8Error'),
    ),
    h(
      'dl',
      { class: 'error-facts' },
      h(
        'div',
        {},
        h('dt', {}, 'code'),
        h('dd', {}, h('code', { class: 'error-code', 'data-testid': 'error-code' }, error.code)),
      ),
      h(
        'div',
        {},
        h('dt', {}, 'byte offset'),
        h('dd', {}, h('strong', { 'data-testid': 'error-offset' }, String(error.offset))),
      ),
      h('div', {}, h('dt', {}, 'length'), h('dd', {}, length)),
    ),
    h('p', { class: 'error-explain' }, EXPLAIN[error.code] ?? error.message),
  );
}

function decodedBox(value, mode, replacedAt, onInspect) {
  const literal = `"${toEscapes(value, { quote: '"' })}"`;
  return h(
    'div',
    { class: 'decoded-box' },
    h(
      'p',
      { class: 'decoded-title' },
      h('span', { class: 'mark ok', 'aria-hidden': 'true' }, '✓'),
      ' ',
      h('code', {}, mode === 'strict' ? 'decode(bytes, { fatal: true })' : 'decode(bytes)'),
      ` gives ${value.length} UTF-16 code unit${value.length === 1 ? '' : 's'}:`,
    ),
    h('p', { class: 'decoded-string' }, visibleString(value, { replacedAt, testid: 'decoded-string' })),
    h(
      'p',
      { class: 'decoded-literal' },
      'As a JavaScript literal: ',
      h('code', { 'data-testid': 'decoded-literal' }, literal),
    ),
    h(
      'p',
      { class: 'decoded-units' },
      'Its UTF-16 code units: ',
      h('code', { 'data-testid': 'decoded-units' }, unitList(value)),
    ),
    h(
      'p',
      {},
      h(
        'button',
        {
          type: 'button',
          class: 'button button-quiet',
          'data-testid': 'inspect-decoded',
          onclick: () => onInspect(value),
        },
        'Break this string down above ↑',
      ),
    ),
  );
}

/** The first code units of `value` in hex, e.g. "D800 DC00". */
function unitList(value, max = 48) {
  const units = [];
  for (let i = 0; i < Math.min(value.length, max); i++) units.push(hex4(value.charCodeAt(i)));
  return value.length > max ? `${units.join(' ')} … (${value.length - max} more)` : units.join(' ') || '(none)';
}

function compareLine(label, value, replacedAt, call) {
  return h(
    'p',
    { class: 'compare', 'data-testid': 'decode-compare' },
    `${label} `,
    h('code', {}, call),
    ': ',
    visibleString(value, { replacedAt, testid: 'decode-compare-string' }),
    ' (code units ',
    h('code', {}, unitList(value, 16)),
    ').',
  );
}

function utf8Line(bytes) {
  const error = checkUtf8(bytes);
  if (error === null) {
    return h(
      'p',
      { class: 'compare', 'data-testid': 'utf8-check', 'data-valid': 'true' },
      'These bytes are also valid UTF-8: every UTF-8 decoder reads them the same way.',
    );
  }
  const platform = new TextDecoder().decode(bytes);
  const replaced = new Set();
  for (let i = 0; i < platform.length; i++) if (platform.charCodeAt(i) === 0xfffd) replaced.add(i);
  return [
    h(
      'p',
      { class: 'compare', 'data-testid': 'utf8-check', 'data-valid': 'false' },
      'Not UTF-8 (',
      h('code', { class: 'error-code' }, error.code),
      ` at byte offset ${error.offset}), so `,
      h('code', {}, 'new TextDecoder().decode(bytes)'),
      ' gives ',
      visibleString(platform, { replacedAt: replaced }),
      '.',
    ),
    h(
      'p',
      { class: 'compare' },
      'To UTF-8 for the outside world, ',
      h('code', {}, 'wtf8ToUtf8(bytes)'),
      ' gives ',
      h('code', { class: 'hex', 'data-testid': 'wtf8-to-utf8' }, formatHex(wtf8ToUtf8(bytes))),
      '.',
    ),
  ];
}

/** The bytes as cells grouped by segment, each group captioned with what it decodes to. */
function renderByteView(bytes, segments, error) {
  const view = $('byte-view');
  const errorStart = error?.offset ?? -1;
  const errorEnd = error === null ? -1 : error.length === null ? bytes.length : error.offset + error.length;
  const groups = [];
  let count = 0;
  for (const segment of segments) {
    if (count >= MAX_BYTES_SHOWN) break;
    const inError = error !== null && segment.offset < errorEnd && segment.offset + segment.bytes.length > errorStart;
    const cells = segment.bytes.map((byte, i) => {
      const offset = segment.offset + i;
      const hit = offset >= errorStart && offset < errorEnd;
      return h(
        'span',
        {
          class: `byte-cell${hit ? ' in-error' : ''}`,
          'data-testid': 'byte-cell',
          'data-offset': String(offset),
          'data-error': hit ? 'true' : null,
        },
        h('span', { class: 'byte-offset', 'aria-hidden': 'true' }, String(offset)),
        h('span', { class: 'byte-cell-hex' }, hex2(byte)),
      );
    });
    count += segment.bytes.length;
    groups.push(
      h(
        'span',
        {
          class: `byte-group kind-${segment.kind}${inError ? ' has-error' : ''}`,
          role: 'listitem',
          'data-kind': segment.kind,
          'aria-label': `offset ${segment.offset}: ${segment.bytes.map(hex2).join(' ')}, ${KINDS[segment.kind].label}${inError ? `, strict decoding fails here: ${error.code}` : ''}`,
        },
        h('span', { class: 'byte-cells' }, cells),
        h(
          'span',
          { class: 'byte-caption', 'aria-hidden': 'true' },
          inError && segment.offset <= errorStart
            ? h('span', { class: 'error-flag' }, `✗ ${error.code}`)
            : captionFor(segment),
        ),
      ),
    );
  }
  fill(
    view,
    groups,
    bytes.length > MAX_BYTES_SHOWN
      ? h('span', { class: 'more' }, `… ${bytes.length - MAX_BYTES_SHOWN} more bytes`)
      : null,
    bytes.length === 0 ? h('span', { class: 'empty' }, 'No bytes.') : null,
  );
}

function captionFor({ kind, units, codePoint }) {
  if (kind === 'lone-lead' || kind === 'lone-trail')
    return h('span', { class: 'caption-lone' }, `${kind === 'lone-lead' ? 'lead' : 'trail'} ${hex4(units[0])}`);
  if (kind === 'invalid') return h('span', { class: 'caption-invalid' }, '→ U+FFFD');
  const form = visibleForm(codePoint);
  return form.badge ?? (form.combining ? `\u25CC${form.text}` : form.text);
}
