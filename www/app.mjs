// Wires the page together: text box, hex box, presets, copy buttons and the URL hash.
import { encode, decode } from 'wtf8-wasm';
import { h } from './lib/dom.mjs';
import { readHash, writeHash } from './lib/hash.mjs';
import { toEscapes } from './lib/escapes.mjs';
import { formatHex } from './lib/hex.mjs';
import { KINDS } from './lib/labels.mjs';
import { kindPill } from './breakdown.mjs';
import { renderEncode } from './encode-pane.mjs';
import { renderDecode } from './decode-pane.mjs';
import { renderEncodings } from './encodings-pane.mjs';
import { checkBoundaries } from './boundaries.mjs';
import { STRING_PRESETS, BYTE_PRESETS } from './presets.mjs';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const scrollBehavior = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** Longer hashes are not written: a link that long is no use, and typing would get slow. */
const MAX_HASH_LENGTH = 16_000;

const textInput = $('text-input');
const hexInput = $('hex-input');
const modeInputs = [$('mode-lenient'), $('mode-strict')];

const DEFAULTS = { s: STRING_PRESETS[0].input, x: BYTE_PRESETS[1].input, m: 'lenient' };

let lastWtf8 = new Uint8Array();

export function start() {
  renderPresets();
  renderLegend();
  applyState(stateFromHash() ?? DEFAULTS);

  textInput.addEventListener('input', () => {
    showHow('string-preset-how', null);
    updateEncode();
    saveHash();
  });
  hexInput.addEventListener('input', () => {
    showHow('byte-preset-how', null);
    updateDecode();
    saveHash();
  });
  for (const input of modeInputs) {
    input.addEventListener('change', () => {
      updateDecode();
      saveHash();
    });
  }
  window.addEventListener('hashchange', () => applyState(stateFromHash() ?? DEFAULTS));

  $('copy-wtf8').addEventListener('click', () => copyHex('wtf8-hex', 'WTF-8'));
  $('copy-utf8').addEventListener('click', () => copyHex('utf8-hex', 'UTF-8'));
  $('send-to-decode').addEventListener('click', () => {
    hexInput.value = formatHex(lastWtf8);
    showHow('byte-preset-how', 'The WTF-8 bytes of the string above.');
    updateDecode();
    saveHash();
    document.getElementById('decode').scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    hexInput.focus({ preventScroll: true });
  });

  for (const element of [textInput, hexInput, ...modeInputs]) element.disabled = false;
  document.documentElement.dataset.ready = 'true';
}

function stateFromHash() {
  if (location.hash.length <= 1) return null;
  return readHash(location.hash, encode, decode);
}

function applyState({ s = '', x = '', m = 'lenient' }) {
  textInput.value = s;
  hexInput.value = x;
  for (const input of modeInputs) input.checked = input.value === (m === 'strict' ? 'strict' : 'lenient');
  // A link to a preset says where such a string comes from, as the button does.
  showHow('string-preset-how', STRING_PRESETS.find((preset) => preset.input === s)?.how);
  showHow('byte-preset-how', BYTE_PRESETS.find((preset) => preset.input === x)?.how);
  updateEncode();
  updateDecode();
}

function mode() {
  return modeInputs.find((input) => input.checked)?.value ?? 'lenient';
}

function updateEncode() {
  lastWtf8 = renderEncode(textInput.value);
  renderEncodings(textInput.value);
  checkBoundaries(textInput.value);
}

function updateDecode() {
  renderDecode(hexInput.value, mode(), {
    onInspect(string) {
      textInput.value = toEscapes(string);
      showHow('string-preset-how', 'The decoded string, written with escapes where needed.');
      updateEncode();
      saveHash();
      document.getElementById('encode').scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
      textInput.focus({ preventScroll: true });
    },
  });
}

function saveHash() {
  let hash = writeHash({ s: textInput.value, x: hexInput.value, m: mode() }, encode);
  if (hash.length > MAX_HASH_LENGTH) hash = '';
  history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
}

function renderPresets() {
  const strings = document.getElementById('string-presets');
  for (const preset of STRING_PRESETS) {
    strings.append(
      h(
        'button',
        {
          type: 'button',
          class: 'preset',
          'data-testid': `preset-${preset.id}`,
          title: preset.how,
          onclick: () => {
            textInput.value = preset.input;
            showHow('string-preset-how', preset.how);
            updateEncode();
            saveHash();
          },
        },
        preset.label,
      ),
      ' ',
    );
  }
  const bytes = document.getElementById('byte-presets');
  for (const preset of BYTE_PRESETS) {
    bytes.append(
      h(
        'button',
        {
          type: 'button',
          class: 'preset',
          'data-testid': `byte-preset-${preset.id}`,
          title: preset.how,
          onclick: () => {
            hexInput.value = preset.input;
            showHow('byte-preset-how', preset.how);
            updateDecode();
            saveHash();
          },
        },
        preset.label,
      ),
      ' ',
    );
  }
}

function showHow(id, text) {
  const element = document.getElementById(id);
  element.textContent = text ?? '';
  element.hidden = !text;
}

function renderLegend() {
  const legend = document.getElementById('kind-legend');
  for (const kind of Object.keys(KINDS)) legend.append(' ', kindPill(kind));
}

async function copyHex(testid, name) {
  const source = $(testid);
  const text = source.textContent;
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    const count = text === '' ? 0 : text.split(' ').length;
    status.textContent = `Copied ${count} byte${count === 1 ? '' : 's'} of ${name} as hex.`;
  } catch {
    // No clipboard access (an insecure origin, or permission refused): select the text instead.
    const range = document.createRange();
    range.selectNodeContents(source);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    status.textContent = `Selected the ${name} hex: press Ctrl+C (⌘C) to copy it.`;
  }
}
