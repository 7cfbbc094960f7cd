// Boundaries: the string of the text box, put into this browser's own storage and read back, live —
// IndexedDB, localStorage, the Cache API, OPFS and TextEncoder → TextDecoder — beside the WTF-8
// route, so that a user sees which of the places they keep strings in lose theirs.
//
// Each check uses a store of its own (one database, one cache, one file, one key, all named
// CHECK_NAME) and removes it again; nothing else in the origin's storage is touched. Checks never
// overlap, in this tab or another one of the page's: they share those names.
import { decode, encode } from 'wtf8-wasm';
import { h, fill } from './lib/dom.mjs';
import { parseEscapes, toEscapes } from './lib/escapes.mjs';
import { hex4 } from './lib/labels.mjs';

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

/** The name of the database, cache, OPFS file and localStorage key the checks write and remove. */
const CHECK_NAME = 'wtf8-wasm-demo-boundary-check';

/** Quiet time after the last keystroke before checking: about the gap between a typist's keys. */
const DEBOUNCE_MS = 250;

/** A store that has not answered by then is reported as not available (it may be blocked). */
const TIMEOUT_MS = 3000;

/** Code units of the returned string shown; a longer one is shown around its first loss. */
const MAX_UNITS_SHOWN = 120;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * One row per boundary. `roundTrip(s)` stores `s` and resolves to what comes back; it throws (or
 * rejects) when the boundary cannot be used here, with the reason as the error.
 */
const BOUNDARIES = [
  {
    id: 'indexeddb',
    name: 'IndexedDB',
    call: 'store.put(s, key); store.get(key)',
    note: 'a string value, read back through a new connection',
    roundTrip: indexedDbRoundTrip,
  },
  {
    id: 'localstorage',
    name: 'localStorage',
    call: 'setItem(key, s); getItem(key)',
    note: 'the string as it is',
    roundTrip: localStorageRoundTrip,
  },
  {
    id: 'cache',
    name: 'Cache API',
    call: 'cache.put(url, new Response(s)); response.text()',
    note: 'a response body: UTF-8 bytes',
    roundTrip: cacheRoundTrip,
  },
  {
    id: 'opfs',
    name: 'OPFS',
    call: 'writable.write(s); file.text()',
    note: 'a file in the origin private file system: UTF-8 bytes',
    roundTrip: opfsRoundTrip,
  },
  {
    id: 'textencoder',
    name: 'TextEncoder → TextDecoder',
    call: 'decoder.decode(encoder.encode(s))',
    note: 'what fetch bodies, Blobs and WebSocket text frames do too',
    roundTrip: (s) => utf8Decoder.decode(utf8Encoder.encode(s)),
  },
  {
    id: 'wtf-8',
    name: 'WTF-8, with wtf8-wasm',
    call: 'decode(encode(s))',
    note: 'bytes that keep every code unit: store these instead of the string',
    roundTrip: (s) => decode(encode(s)),
  },
];

/** The number of the newest input; a run for an older one is dropped, whenever it ends. */
let latest = 0;
let timer;
/** Runs one after the other in this tab: each waits for the one before to finish. */
let queue = Promise.resolve();

/**
 * Checks the text box content `source` (escape syntax, as the encode pane reads it) against every
 * boundary, once the user has stopped typing for a moment. A later call wins: the results of an
 * earlier one, still running, are never shown.
 */
export function checkBoundaries(source) {
  const { value } = parseEscapes(source);
  const run = ++latest;
  setChecking(true);
  clearTimeout(timer);
  timer = setTimeout(() => {
    // A bug in one run is reported as a page error and does not stop the runs after it.
    queue = queue.then(() => runChecks(value, run)).catch((error) => reportError(error));
  }, DEBOUNCE_MS);
}

async function runChecks(value, run) {
  if (run !== latest) return;
  const started = performance.now();
  const results = await withCheckLock(() =>
    run === latest ? Promise.all(BOUNDARIES.map((boundary) => check(boundary, value))) : null,
  );
  if (run !== latest || results === null) return;
  render(value, results, performance.now() - started);
  setChecking(false);
}

/**
 * Runs `task` while holding the page's Web Lock, so that two tabs of the page never write the same
 * database, cache, file or key at once. Without Web Locks (an old browser) it just runs.
 */
async function withCheckLock(task) {
  if (!navigator.locks) return task();
  try {
    return await navigator.locks.request(CHECK_NAME, task);
  } catch {
    // The lock manager refused before running the task (a sandboxed document): check without it.
    return task();
  }
}

/** `{ result: 'kept' | 'lost' | 'unavailable', got?, reason? }` for one boundary. Never rejects. */
async function check(boundary, value) {
  try {
    const got = await withTimeout(Promise.resolve().then(() => boundary.roundTrip(value)));
    return { result: got === value ? 'kept' : 'lost', got };
  } catch (error) {
    return { result: 'unavailable', reason: describeError(error) };
  }
}

function withTimeout(promise) {
  let timeout;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timeout));
}

function describeError(error) {
  if (error instanceof Error || error instanceof DOMException) {
    return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  }
  return String(error);
}

// --- the boundaries ------------------------------------------------------------------------------

async function indexedDbRoundTrip(value) {
  const factory = globalThis.indexedDB;
  if (!factory) throw new Error('indexedDB is missing');
  try {
    const writer = await openDatabase(factory);
    try {
      await transact(writer, 'readwrite', (store) => store.put(value, 'string'));
    } finally {
      writer.close();
    }
    // A new connection, so the value comes back from the store and not from this one's memory.
    const reader = await openDatabase(factory);
    try {
      return await transact(reader, 'readonly', (store) => store.get('string'));
    } finally {
      reader.close();
    }
  } finally {
    await request(factory.deleteDatabase(CHECK_NAME)).catch(() => {});
  }
}

function openDatabase(factory) {
  const opening = factory.open(CHECK_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore('strings');
  return request(opening);
}

function transact(db, mode, operation) {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction('strings', mode);
    const pending = operation(transaction.objectStore('strings'));
    transaction.oncomplete = () => resolve(pending.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('the transaction was aborted'));
  });
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function localStorageRoundTrip(value) {
  // Reading the property itself throws where storage is blocked (cookies off, some sandboxes).
  const storage = globalThis.localStorage;
  if (!storage) throw new Error('localStorage is missing');
  try {
    storage.setItem(CHECK_NAME, value);
    return storage.getItem(CHECK_NAME);
  } finally {
    storage.removeItem(CHECK_NAME);
  }
}

async function cacheRoundTrip(value) {
  if (!globalThis.caches) throw new Error('caches is missing (the Cache API needs https or localhost)');
  // Never requested: cache.put stores the response under this URL without fetching it.
  const url = new URL(CHECK_NAME, location.href).href;
  try {
    const cache = await caches.open(CHECK_NAME);
    await cache.put(url, new Response(value));
    const response = await cache.match(url);
    if (!response) throw new Error('the cache did not return the response it was given');
    return await response.text();
  } finally {
    await caches.delete(CHECK_NAME).catch(() => {});
  }
}

async function opfsRoundTrip(value) {
  if (!navigator.storage?.getDirectory) throw new Error('navigator.storage.getDirectory is missing');
  const directory = await navigator.storage.getDirectory();
  const name = `${CHECK_NAME}.txt`;
  try {
    const handle = await directory.getFileHandle(name, { create: true });
    if (!handle.createWritable) {
      throw new Error('createWritable is missing (this browser writes OPFS files only from a worker)');
    }
    const writable = await handle.createWritable();
    await writable.write(value);
    await writable.close();
    return await (await handle.getFile()).text();
  } finally {
    await directory.removeEntry(name).catch(() => {});
  }
}

// --- the view -----------------------------------------------------------------------------------

function setChecking(checking) {
  const table = $('boundaries-table');
  table.dataset.state = checking ? 'checking' : 'done';
  table.setAttribute('aria-busy', String(checking));
  $('boundaries').classList.toggle('is-checking', checking);
  $('boundaries-status').textContent = checking ? 'Checking…' : '';
}

function render(value, results, milliseconds) {
  const lone = loneSurrogateIndexes(value);
  const rows = BOUNDARIES.map((boundary, i) => row(boundary, results[i], value, lone));
  const table = $('boundaries-table');
  table.dataset.checked = toEscapes(value);
  table.dataset.tookMs = String(Math.round(milliseconds));
  fill(
    table,
    h('caption', {}, 'The string above, stored and read back by this browser'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Boundary'),
        h('th', { scope: 'col' }, 'The string'),
        h('th', { scope: 'col' }, 'What came back'),
      ),
    ),
    h('tbody', {}, rows),
  );
  fill($('boundaries-summary'), summary(value, results));
  $('boundaries-took').textContent = `Checked in ${Math.max(1, Math.round(milliseconds))} ms.`;
}

function summary(value, results) {
  const named = (result) => BOUNDARIES.filter((_, i) => results[i].result === result).map((b) => b.name);
  const kept = named('kept');
  const lost = named('lost');
  const unavailable = named('unavailable');
  const subject = value === '' ? 'the empty string' : h('code', {}, `"${shortEscapes(value)}"`);
  const sentences = [];
  if (lost.length === 0) {
    sentences.push(
      unavailable.length === 0 ? `all ${kept.length} keep it.` : `the ${kept.length} checked here keep it.`,
    );
  } else {
    sentences.push(`${kept.length} of ${kept.length + lost.length} keep it; lost by ${list(lost)}.`);
  }
  if (unavailable.length) sentences.push(` Not available here: ${list(unavailable)}.`);
  return ['For ', subject, ', ', sentences.join('')];
}

function list(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function row(boundary, { result, got, reason }, value, lone) {
  const how = result === 'lost' ? howLost(value, got, lone) : null;
  return h(
    'tr',
    {
      'data-testid': 'boundary-row',
      'data-boundary': boundary.id,
      'data-result': result,
      'data-how': how?.how ?? null,
      // The returned string in escapes (well-formed, so it can live in an attribute), if short enough.
      'data-returned': typeof got === 'string' && got.length <= 1000 ? toEscapes(got) : null,
      'data-reason': reason ?? null,
      class: `boundary-${result}`,
    },
    h(
      'th',
      { scope: 'row', 'data-label': 'Boundary' },
      h('span', { class: 'boundary-name' }, boundary.name),
      h('code', { class: 'boundary-call' }, boundary.call),
      h('span', { class: 'boundary-note' }, boundary.note),
    ),
    h(
      'td',
      { class: 'boundary-result', 'data-label': 'The string', 'data-testid': 'boundary-result' },
      verdict(result),
    ),
    h(
      'td',
      {
        class: 'boundary-returned',
        'data-label': result === 'unavailable' ? 'Why not' : 'What came back',
        'data-testid': 'boundary-returned',
      },
      result === 'unavailable'
        ? h('span', { class: 'boundary-reason', 'data-testid': 'boundary-reason' }, reason)
        : [
            shownString(got, {
              lostAt: how?.how === 'replaced' ? lone : [],
              focus: how?.how === 'changed' ? firstDifference(value, String(got)) : (lone[0] ?? 0),
            }),
            how === null ? null : h('span', { class: 'boundary-how', 'data-testid': 'boundary-how' }, how.text),
          ],
    ),
  );
}

function verdict(result) {
  const [mark, text] = { kept: ['✓', 'kept'], lost: ['✗', 'lost'], unavailable: ['–', 'not available here'] }[result];
  return h(
    'span',
    { class: `verdict ${{ kept: 'ok', lost: 'bad', unavailable: 'na' }[result]}` },
    h('span', { class: 'mark', 'aria-hidden': 'true' }, mark),
    text,
  );
}

/** How `got` differs from `value`: `replaced` (each lone surrogate became U+FFFD) or `changed`. */
function howLost(value, got, lone) {
  if (typeof got !== 'string') return { how: 'changed', text: `Came back as ${describeValue(got)}, not a string.` };
  if (lone.length > 0 && got === withReplacements(value, lone)) {
    const text =
      lone.length === 1
        ? `The lone surrogate ${hex4(value.charCodeAt(lone[0]))} at index ${lone[0]} came back as U+FFFD.`
        : `Each of the ${lone.length} lone surrogates came back as U+FFFD.`;
    return { how: 'replaced', text };
  }
  const at = firstDifference(value, got);
  return {
    how: 'changed',
    text: `Changed from code unit index ${at} on (${got.length} code units back, ${value.length} sent).`,
  };
}

function describeValue(got) {
  if (got === null || got === undefined) return String(got);
  return typeof got;
}

/**
 * The returned string as a JavaScript literal in the page's escape syntax, each U+FFFD written in
 * place of a lone surrogate (indexes `lostAt`) marked. A long string is shown in part, from a little
 * before index `focus` (where it first differs, or the first lone surrogate sent).
 */
function shownString(got, { lostAt, focus }) {
  if (typeof got !== 'string') return h('code', { class: 'boundary-literal' }, describeValue(got));
  let start = 0;
  let end = got.length;
  if (got.length > MAX_UNITS_SHOWN) {
    start = pairSafe(got, Math.max(0, Math.min(focus, got.length) - 20));
    end = pairSafe(got, Math.min(got.length, start + MAX_UNITS_SHOWN));
  }
  const parts = [start > 0 ? '…' : '"'];
  let from = start;
  for (const at of lostAt) {
    if (at < start) continue;
    if (at >= end) break;
    parts.push(toEscapes(got.slice(from, at), { quote: '"' }));
    parts.push(h('mark', { class: 'lost', title: 'U+FFFD in place of a lone surrogate' }, '\uFFFD'));
    from = at + 1;
  }
  parts.push(toEscapes(got.slice(from, end), { quote: '"' }), end < got.length ? '…' : '"');
  return h(
    'span',
    { class: 'boundary-shown' },
    h('code', { class: 'boundary-literal', 'data-testid': 'boundary-literal' }, parts),
    start > 0 || end < got.length
      ? h('span', { class: 'boundary-part' }, ` (code units ${start}–${end - 1} of ${got.length})`)
      : null,
  );
}

/** Moves a cut at `at` one unit earlier if it would split a surrogate pair. */
function pairSafe(string, at) {
  const isLead = (unit) => unit >= 0xd800 && unit <= 0xdbff;
  const isTrail = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
  return at > 0 && at < string.length && isLead(string.charCodeAt(at - 1)) && isTrail(string.charCodeAt(at))
    ? at - 1
    : at;
}

/** `value` in escapes, cut to a length that fits a sentence (never inside an escape or a pair). */
function shortEscapes(value) {
  if (value.length <= 32) return toEscapes(value, { quote: '"' });
  return `${toEscapes(value.slice(0, pairSafe(value, 30)), { quote: '"' })}…`;
}

/** The code unit indexes of the lone surrogates of `value`. */
function loneSurrogateIndexes(value) {
  const indexes = [];
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else indexes.push(i);
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      indexes.push(i);
    }
  }
  return indexes;
}

/** `value` with U+FFFD at each of `indexes`: what a UTF-8 boundary gives back. */
function withReplacements(value, indexes) {
  let out = '';
  let from = 0;
  for (const at of indexes) {
    out += `${value.slice(from, at)}\uFFFD`;
    from = at + 1;
  }
  return out + value.slice(from);
}

function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
