// A string shown so that nothing in it is invisible: lone surrogates, U+FFFD replacements,
// controls and format characters appear as labelled badges, everything else as text.
import { inspect } from 'wtf8-wasm/inspect';
import { h } from './lib/dom.mjs';
import { hex4, visibleForm } from './lib/labels.mjs';

/**
 * Renders `string`. `replacedAt` is an optional set of code unit indexes whose U+FFFD stands for
 * ill-formed input bytes (so they are labelled as replacements, not as a U+FFFD that was there).
 */
export function visibleString(string, { replacedAt = new Set(), testid = null } = {}) {
  const parts = [];
  let run = '';
  let previousReplacement = null;
  const flush = () => {
    if (run) parts.push(h('span', { class: 'text-run' }, run));
    run = '';
  };
  for (const segment of inspect(string)) {
    const { kind, index, units, codePoint } = segment;
    if (kind === 'lone-lead' || kind === 'lone-trail') {
      flush();
      parts.push(
        h(
          'span',
          {
            class: `badge badge-lone kind-${kind}`,
            'data-testid': 'lone-badge',
            title: `${kind === 'lone-lead' ? 'lone lead' : 'lone trail'} surrogate ${hex4(units[0])}`,
          },
          h('span', { class: 'badge-kind' }, kind === 'lone-lead' ? 'lone lead' : 'lone trail'),
          ' ',
          hex4(units[0]),
        ),
      );
      continue;
    }
    if (codePoint === 0xfffd && replacedAt.has(index)) {
      // A run of replacements is one badge with a count: TextDecoder can write one per byte.
      if (run === '' && previousReplacement && previousReplacement.end === index) {
        previousReplacement.count++;
        previousReplacement.end++;
        previousReplacement.badge.dataset.count = String(previousReplacement.count);
        previousReplacement.label.textContent = ` ×${previousReplacement.count} replaced`;
        continue;
      }
      flush();
      const label = h('span', { class: 'badge-kind' }, ' replaced');
      const badge = h(
        'span',
        {
          class: 'badge badge-replacement',
          'data-testid': 'replacement-badge',
          'data-count': '1',
          title: 'U+FFFD written in place of something lost',
        },
        '\uFFFD',
        label,
      );
      parts.push(badge);
      previousReplacement = { badge, label, count: 1, end: index + 1 };
      continue;
    }
    previousReplacement = null;
    const form = codePoint === 0x20 ? { text: ' ' } : visibleForm(codePoint);
    if (form.badge) {
      flush();
      parts.push(h('span', { class: 'badge' }, form.badge));
    } else if (form.combining && run === '') {
      run += `\u25CC${form.text}`;
    } else {
      run += form.text;
    }
  }
  flush();
  if (parts.length === 0) parts.push(h('span', { class: 'empty' }, '(empty string)'));
  return h('span', { class: 'visible-string', 'data-testid': testid }, parts);
}
