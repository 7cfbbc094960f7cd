// What each boundary of Node, Deno and Bun does to a plain string, as tests/boundaries/
// runtimes.test.mjs measures it on the real parts, and the recipe that keeps every string. One
// row per part: `runtimes` maps each runtime that has the part to what a plain string does there,
// per kind of case (tests/boundaries/cases.mjs); `recipe` says what to send instead (null where a
// plain string is kept); `example` is the recipe's runnable file; `facts` the store's other
// claims, checked after a reopen. The README's Boundaries table is made from these rows and the
// browsers' (browser-facts.mjs) by tests/boundaries/table.mjs.

/** What a plain string does, per kind: `lone` kinds get `lone`, every other kind is kept, but for `other`. */
export function kinds(lone, other = {}) {
  return { lone, 'lone, long': lone, 'well-formed': 'kept', NUL: 'kept', empty: 'kept', ...other };
}

const ALL = ['node20', 'node22', 'node24', 'node26', 'deno', 'bun'];
const each = (names, summary) => Object.fromEntries(names.map((name) => [name, summary]));

/**
 * A lossless store's claims, the same in every store and runtime: every string read back after a
 * reopen, in code point order (which differs from JS `<` for these cases), found by an equality
 * lookup on its encoded key, and LIKE working on the lossy copy only.
 */
const STORE_FACTS = {
  readBackCount: 16,
  codePointOrder: true,
  jsOrderDiffers: true,
  lookups: true,
  lookupMissing: false,
  search: ['ASCII, Latin, CJK', '100 K units with lone surrogates'],
};

/**
 * A database's claims: a lossless store's, and its other recipe (text where text keeps the string,
 * its WTF-8 elsewhere: sqlite.mjs's `toValue` and `fromValue` in one column, pglite.mjs's
 * `toColumns` and `fromColumns` in a text and a bytea column) keeps every case too.
 */
const DATABASE_FACTS = { ...STORE_FACTS, values: kinds('kept') };

export const RUNTIME_FACTS = [
  {
    part: 'node:sqlite',
    what: 'a TEXT column',
    // Node 22 and Deno read a TEXT value back only up to its first NUL.
    runtimes: {
      node22: kinds('replaced', { NUL: 'cut at NUL' }),
      ...each(['node24', 'node26'], kinds('replaced')),
      deno: kinds('replaced', { NUL: 'cut at NUL' }),
    },
    recipe: 'a BLOB of `encode(s)`',
    example: 'examples/boundaries/node-sqlite.mjs',
    facts: DATABASE_FACTS,
  },
  {
    part: 'bun:sqlite',
    what: 'a TEXT column',
    runtimes: { bun: kinds('replaced') },
    recipe: 'a BLOB of `encode(s)`',
    example: 'examples/boundaries/bun-sqlite.mjs',
    facts: DATABASE_FACTS,
  },
  {
    part: 'better-sqlite3',
    what: 'a TEXT column',
    // It binds a string as WTF-8 and reads TEXT as UTF-8, one U+FFFD per byte of a surrogate: the
    // file holds every string, and `CAST(s AS BLOB)` reads it back whole (`recovered`). Built for
    // Node 20 only (version 12; 13 needs Node 22 and crashes on 20).
    runtimes: { node20: kinds('replaced per byte') },
    recipe: 'a BLOB of `encode(s)`; `CAST(column AS BLOB)` recovers TEXT it wrote',
    example: 'examples/boundaries/better-sqlite3.mjs',
    facts: { ...DATABASE_FACTS, recovered: kinds('kept') },
  },
  {
    part: 'PGlite',
    what: 'PostgreSQL in wasm, a text column',
    // The server refuses NUL in text: "invalid byte sequence for encoding "UTF8": 0x00".
    runtimes: each(ALL, kinds('replaced', { NUL: 'rejected' })),
    recipe: 'a bytea of `encode(s)`',
    example: 'examples/boundaries/pglite.mjs',
    facts: DATABASE_FACTS,
  },
  {
    part: 'fetch request body',
    what: '`fetch(url, { body: s })`',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'the body `encode(s)`',
    example: 'examples/boundaries/http.mjs',
  },
  {
    part: 'node:http response body',
    what: '`response.end(s)`',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'the body `encode(s)`',
    example: 'examples/boundaries/http.mjs',
  },
  {
    part: 'WebSocket',
    what: '`socket.send(s)`, a text frame',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'a binary frame of `encode(s)`',
    example: 'examples/boundaries/websocket.mjs',
  },
  {
    part: 'postMessage to a worker',
    what: 'worker_threads, a web Worker',
    runtimes: each(ALL, kinds('kept')),
    recipe: null,
  },
  { part: 'structuredClone', what: '', runtimes: each(ALL, kinds('kept')), recipe: null },
  { part: 'JSON', what: '`JSON.stringify`, `JSON.parse`', runtimes: each(ALL, kinds('kept')), recipe: null },
  {
    part: 'fs.writeFile, utf8',
    what: '`writeFile(path, s)`',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'write `encode(s)`, `decode` what you read',
    example: null,
  },
  {
    part: 'fs.writeFile, utf16le',
    what: "`writeFile(path, s, 'utf16le')`",
    runtimes: each(ALL, kinds('kept')),
    recipe: null,
  },
  {
    part: 'Buffer.from',
    what: '`Buffer.from(s)`, as ioredis, ws and bson do',
    runtimes: each(ALL, kinds('replaced')),
    recipe: '`Buffer.from(encode(s))`',
    example: null,
  },
  {
    part: '@msgpack/msgpack',
    what: '`encode(s)` / `decode`',
    // Strings of up to 50 units are written by the library's own encoder, which writes lone
    // surrogates as WTF-8 (and its decoder reads up to 200 bytes itself, keeping them); longer ones
    // go through TextEncoder.
    runtimes: each(ALL, kinds('kept', { 'lone, long': 'replaced' })),
    recipe: 'a `bin` of `encode(s)`',
    example: 'examples/boundaries/msgpack.mjs',
  },
  {
    part: 'msgpackr',
    what: '`pack(s)` / `unpack`',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'a `bin` of `encode(s)`',
    example: 'examples/boundaries/msgpackr.mjs',
  },
  {
    part: 'bson',
    what: '`BSON.serialize({ s })`',
    runtimes: each(ALL, kinds('replaced')),
    recipe: 'a `Binary` of `encode(s)`',
    example: 'examples/boundaries/bson.mjs',
  },
];
