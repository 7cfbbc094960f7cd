// String → bytes: parses the text box, then shows what the package makes of the string.
import { decode, encode, toUtf8, Wtf8Error } from 'wtf8-wasm';
import { inspect } from 'wtf8-wasm/inspect';
import { h, fill } from './lib/dom.mjs';
import { parseEscapes } from './lib/escapes.mjs';
import { formatHex } from './lib/hex.mjs';
import { renderBreakdown } from './breakdown.mjs';
import { visibleString } from './visible.mjs';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/** Renders everything the encode pane shows for the text box content `source`. Returns the bytes. */
export function renderEncode(source) {
  const { value, problems } = parseEscapes(source);
  fill(
    $('text-problems'),
    problems.map((problem) =>
      h('li', {}, h('code', {}, problem.text), ` at column ${problem.at + 1}: ${problem.message}`),
    ),
  );

  const segments = inspect(value);
  const wtf8 = encode(value);
  const utf8 = toUtf8(value);
  const lone = segments.filter((segment) => segment.kind === 'lone-lead' || segment.kind === 'lone-trail');

  $('len-units').textContent = String(value.length);
  $('len-wtf8').textContent = String(wtf8.length);
  $('len-utf8').textContent = String(utf8.length);
  const wellFormed = $('well-formed');
  wellFormed.dataset.value = String(lone.length === 0);
  fill(
    wellFormed,
    lone.length === 0
      ? h('span', { class: 'verdict ok' }, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✓'), 'yes')
      : h(
          'span',
          { class: 'verdict bad' },
          h('span', { class: 'mark', 'aria-hidden': 'true' }, '✗'),
          `no: ${lone.length} lone surrogate${lone.length === 1 ? '' : 's'}`,
        ),
  );

  renderStrictUtf8(value);
  renderRoundTrips(value, wtf8, utf8, lone);

  $('wtf8-hex').textContent = formatHex(wtf8);
  $('utf8-hex').textContent = formatHex(utf8);
  markLostBytes($('utf8-hex'), segments);

  renderBreakdown($('breakdown'), segments, {
    source: 'string',
    caption:
      value === ''
        ? 'Type something above to see it broken down.'
        : `The string, one row per code point or lone surrogate (${segments.length} row${segments.length === 1 ? '' : 's'})`,
  });
  return wtf8;
}

function renderStrictUtf8(value) {
  const line = $('strict-utf8');
  const call = h('code', {}, 'toUtf8(s, { fatal: true })');
  try {
    const bytes = toUtf8(value, { fatal: true });
    delete line.dataset.code;
    delete line.dataset.index;
    fill(
      line,
      h('span', { class: 'verdict ok' }, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✓'), 'Strict UTF-8'),
      h(
        'span',
        { class: 'check-body' },
        call,
        ` gives ${bytes.length} byte${bytes.length === 1 ? '' : 's'}, the same as WTF-8.`,
      ),
    );
  } catch (error) {
    if (!(error instanceof Wtf8Error)) throw error;
    line.dataset.code = error.code;
    line.dataset.index = String(error.index);
    fill(
      line,
      h('span', { class: 'verdict bad' }, h('span', { class: 'mark', 'aria-hidden': 'true' }, '✗'), 'Strict UTF-8'),
      h(
        'span',
        { class: 'check-body' },
        call,
        ' throws ',
        h('code', { class: 'error-code', 'data-testid': 'strict-utf8-code' }, error.code),
        ' at code unit index ',
        h('strong', { 'data-testid': 'strict-utf8-index' }, String(error.index)),
        '.',
      ),
    );
  }
}

function renderRoundTrips(value, wtf8, utf8, lone) {
  const back = decode(wtf8);
  const same = back === value;
  fill(
    $('roundtrip-wtf8'),
    h(
      'span',
      { class: `verdict ${same ? 'ok' : 'bad'}` },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, same ? '✓' : '✗'),
      'WTF-8 round trip',
    ),
    h(
      'span',
      { class: 'check-body' },
      h('code', {}, 'decode(encode(s))'),
      ' → ',
      visibleString(back, { testid: 'roundtrip-wtf8-string' }),
      same ? ' identical to s.' : ' differs from s!',
    ),
  );

  // What the platform gives: TextEncoder then TextDecoder, i.e. decoding the lossy UTF-8.
  const viaUtf8 = new TextDecoder().decode(utf8);
  const replacedAt = new Set(lone.map((segment) => segment.index));
  fill(
    $('roundtrip-utf8'),
    h(
      'span',
      { class: `verdict ${lone.length === 0 ? 'ok' : 'bad'}` },
      h('span', { class: 'mark', 'aria-hidden': 'true' }, lone.length === 0 ? '✓' : '✗'),
      'UTF-8 round trip',
    ),
    h(
      'span',
      { class: 'check-body' },
      h('code', {}, 'new TextDecoder().decode(toUtf8(s))'),
      ' → ',
      visibleString(viaUtf8, { replacedAt, testid: 'roundtrip-utf8-string' }),
      lone.length === 0
        ? ' identical to s.'
        : ` ${lone.length} code unit${lone.length === 1 ? '' : 's'} replaced by U+FFFD: lost.`,
    ),
  );
}

/** Marks, inside the UTF-8 hex, the EF BF BD that stand for lost lone surrogates. */
function markLostBytes(element, segments) {
  if (!segments.some((segment) => segment.kind === 'lone-lead' || segment.kind === 'lone-trail')) return;
  const parts = [];
  let plain = [];
  const flush = () => {
    if (plain.length) parts.push(plain.join(' '));
    plain = [];
  };
  for (const segment of segments) {
    if (segment.kind === 'lone-lead' || segment.kind === 'lone-trail') {
      flush();
      parts.push(h('mark', { class: 'lost', title: 'U+FFFD in place of a lone surrogate' }, formatHex(segment.utf8)));
    } else {
      plain.push(formatHex(segment.utf8));
    }
  }
  flush();
  fill(
    element,
    parts.flatMap((part, i) => (i === 0 ? [part] : [' ', part])),
  );
}
