// The page side of browsers.test.mjs: stores every case of CASES in the browser's stores, as a
// plain string and, where one is needed, through the recipe of examples/boundaries/, and reads
// them back in a later session of the same profile (in WebKit, whose automation sessions keep
// nothing, in a second page of the same session; sessionStorage: after a reload). Strings with
// lone surrogates do not survive every driver's protocol, so nothing but outcome names, indices
// and well-formed messages goes back to Node, and the order samples come in as code units.
//
// The test calls, on globalThis.boundaries:
//   write({ samples })         first session: every store, plain and recipe; returns failed writes
//   inSession()                first session: the parts that need no restart
//   readSession({ failed })    after a reload: sessionStorage
//   read({ samples, failed })  second session: every store, and the order of the sample keys
// A part this browser does not have (OPFS without `navigator.storage.getDirectory`, as in
// WebKitGTK) is neither written nor read: each of its cases reads `unavailable`.
import * as idb from '../../examples/boundaries/indexeddb.mjs';
import * as cacheApi from '../../examples/boundaries/cache-api.mjs';
import * as opfs from '../../examples/boundaries/opfs.mjs';
import { CASES, settle, tryCases, unavailable } from './cases.mjs';

const DB = 'boundaries';
const STORES = ['values', 'string keys', 'binary keys', 'order, string keys', 'order, binary keys'];
const CACHE = 'boundaries';

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => STORES.forEach((name) => request.result.createObjectStore(name));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('indexedDB.open blocked'));
  });
}

/**
 * Runs `fn(store)` in a transaction on the object store `name`; resolves to what `fn` returned
 * once the transaction has committed, rejects if it aborts.
 */
async function inStore(name, mode, fn) {
  const db = await openDb();
  try {
    const tx = db.transaction(name, mode);
    const committed = new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    });
    const result = fn(tx.objectStore(name));
    // A request that fails aborts the transaction: `committed` then says why.
    result?.catch?.(() => {});
    await committed;
    return await result;
  } finally {
    db.close();
  }
}

/** An IDBRequest's result as a promise. */
const done = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Every `[key, value]` of the object store `name`, in key order. */
async function records(name) {
  return inStore(name, 'readonly', async (store) => {
    const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())]);
    return keys.map((key, i) => [key, values[i]]);
  });
}

/** `read(the OPFS root)`, or `undefined` where the file is missing. */
async function fromOpfs(read) {
  try {
    return await read(await navigator.storage.getDirectory());
  } catch (error) {
    if (error.name === 'NotFoundError') return undefined;
    throw error;
  }
}

/**
 * The stores that persist. Each form (plain, recipe) stores one case (`one(text, i)`) and reads
 * them all back (`all(count)`: one string per case, `undefined` where nothing was found).
 */
const PERSISTENT = {
  'IndexedDB values': {
    plain: {
      one: (text, i) => inStore('values', 'readwrite', (store) => done(store.put(text, i))),
      async all(count) {
        const got = Array(count).fill(undefined);
        for (const [i, value] of await records('values')) got[i] = value;
        return got;
      },
    },
    recipe: null,
  },
  'IndexedDB keys': {
    // The record is the case's index, under the string as its key.
    plain: {
      one: (text, i) => inStore('string keys', 'readwrite', (store) => done(store.put(i, text))),
      async all(count) {
        const got = Array(count).fill(undefined);
        for (const [key, i] of await records('string keys')) got[i] = key;
        return got;
      },
    },
    recipe: {
      one: (text, i) => inStore('binary keys', 'readwrite', (store) => idb.put(store, text, i)),
      async all(count) {
        const got = Array(count).fill(undefined);
        for (const [text, i] of await inStore('binary keys', 'readonly', idb.entries)) got[i] = text;
        return got;
      },
    },
  },
  localStorage: {
    plain: {
      one: (text, i) => localStorage.setItem(`plain ${i}`, text),
      all: (count) => Array.from({ length: count }, (_, i) => localStorage.getItem(`plain ${i}`) ?? undefined),
    },
    recipe: null,
  },
  'Cache API': {
    plain: {
      one: async (text, i) => (await caches.open(CACHE)).put(`/boundaries/plain/${i}`, new Response(text)),
      async all(count) {
        const cache = await caches.open(CACHE);
        return Promise.all(
          Array.from({ length: count }, async (_, i) => (await cache.match(`/boundaries/plain/${i}`))?.text()),
        );
      },
    },
    recipe: {
      one: async (text, i) => cacheApi.putText(await caches.open(CACHE), `/boundaries/recipe/${i}`, text),
      async all(count) {
        const cache = await caches.open(CACHE);
        return Promise.all(
          Array.from({ length: count }, (_, i) => cacheApi.matchText(cache, `/boundaries/recipe/${i}`)),
        );
      },
    },
  },
  OPFS: {
    plain: {
      async one(text, i) {
        const directory = await navigator.storage.getDirectory();
        const writable = await (await directory.getFileHandle(`plain ${i}`, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      },
      all: (count) =>
        Promise.all(
          Array.from({ length: count }, (_, i) =>
            fromOpfs(async (directory) => (await (await directory.getFileHandle(`plain ${i}`)).getFile()).text()),
          ),
        ),
    },
    recipe: {
      one: async (text, i) => opfs.writeText(await navigator.storage.getDirectory(), `recipe ${i}`, text),
      all: (count) =>
        Promise.all(
          Array.from({ length: count }, (_, i) => fromOpfs((directory) => opfs.readText(directory, `recipe ${i}`))),
        ),
    },
  },
};

/** The parts of PERSISTENT that this browser lacks. */
const MISSING = new Set(typeof navigator.storage?.getDirectory === 'function' ? [] : ['OPFS']);

/** Only within a session: a reload keeps it, a restart does not. */
const SESSION = {
  sessionStorage: {
    plain: {
      one: (text, i) => sessionStorage.setItem(`plain ${i}`, text),
      all: (count) => Array.from({ length: count }, (_, i) => sessionStorage.getItem(`plain ${i}`) ?? undefined),
    },
    recipe: null,
  },
};

const texts = CASES.map((c) => c.text);
const fromUnits = (samples) => samples.map((units) => String.fromCharCode(...units));
const message = (error) => String(error?.message ?? error).toWellFormed();

/**
 * Stores every case in each form of `parts`. Returns the writes that threw, as
 * `{ [part]: { [form]: { [case index]: message } } }`.
 */
async function writeAll(parts) {
  const failed = {};
  for (const [part, forms] of Object.entries(parts)) {
    if (MISSING.has(part)) continue;
    failed[part] = {};
    for (const [form, store] of Object.entries(forms)) {
      if (store === null) continue;
      failed[part][form] = {};
      for (const [i, text] of texts.entries()) {
        const result = await settle(() => store.one(text, i));
        if (result instanceof Error) failed[part][form][i] = message(result);
      }
    }
  }
  return failed;
}

/**
 * Reads every case back in each form of `parts`: `{ [part]: { plain, recipe, missing } }`, where
 * plain and recipe are what tryCases returns (recipe null where the part has none), a write that
 * threw counts as rejected, and `missing` names the cases written without error but not found.
 * A part of MISSING reads `unavailable` in each of its forms.
 */
async function readAll(parts, failed) {
  const report = {};
  for (const [part, forms] of Object.entries(parts)) {
    if (MISSING.has(part)) {
      report[part] = { plain: unavailable(), recipe: forms.recipe && unavailable(), missing: [] };
      continue;
    }
    report[part] = { plain: null, recipe: null, missing: [] };
    for (const [form, store] of Object.entries(forms)) {
      if (store === null) continue;
      const got = await store.all(texts.length);
      const errors = failed[part]?.[form] ?? {};
      got.forEach((value, i) => {
        if (i in errors) got[i] = new Error(errors[i]);
        else if (value === undefined) report[part].missing.push(`${form}: ${CASES[i].name}`);
      });
      report[part][form] = await tryCases(async () => got);
    }
  }
  return report;
}

/** Sends `value` to a worker that posts back what it gets; resolves to the answer. */
function echoThroughWorker(value) {
  const source = 'onmessage = (event) => postMessage(event.data);';
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(url);
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`worker: ${event.message}`));
    worker.postMessage(value);
  }).finally(() => {
    worker.terminate();
    URL.revokeObjectURL(url);
  });
}

globalThis.boundaries = {
  async write({ samples }) {
    const keys = fromUnits(samples);
    await inStore('order, string keys', 'readwrite', (store) =>
      Promise.all(keys.map((key, j) => done(store.put(j, key)))),
    );
    await inStore('order, binary keys', 'readwrite', (store) =>
      Promise.all(keys.map((key, j) => idb.put(store, key, j))),
    );
    return writeAll({ ...PERSISTENT, ...SESSION });
  },

  async inSession() {
    const cloned = structuredClone(texts);
    const echoed = await echoThroughWorker(texts);
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    return {
      // One outcome for the two: the worker's where structuredClone kept the string.
      'structuredClone, postMessage to a Worker': {
        plain: await tryCases(async () => texts.map((text, i) => (cloned[i] === text ? echoed[i] : cloned[i]))),
        recipe: null,
        missing: [],
      },
      'TextEncoder, TextDecoder': {
        plain: await tryCases(async () => texts.map((text) => decoder.decode(encoder.encode(text)))),
        recipe: null,
        missing: [],
      },
    };
  },

  readSession: ({ failed }) => readAll(SESSION, failed),

  async read({ samples, failed }) {
    const keys = fromUnits(samples);
    const stringOrder = await inStore('order, string keys', 'readonly', (store) => done(store.getAllKeys()));
    const binaryOrder = await inStore('order, binary keys', 'readonly', idb.entries);
    const found = await inStore('binary keys', 'readonly', (store) => Promise.all(texts.map((t) => idb.get(store, t))));
    return {
      parts: await readAll(PERSISTENT, failed),
      // Indices into the samples (-1: a key that is none of them).
      order: {
        stringKeys: stringOrder.map((key) => keys.indexOf(key)),
        binaryKeys: binaryOrder.map(([text]) => keys.indexOf(text)),
      },
      // Does an equality lookup (by the encoded key) find each case's record?
      lookups: found.every((value, i) => value === i),
      sessionStorageLength: sessionStorage.length,
    };
  },
};
