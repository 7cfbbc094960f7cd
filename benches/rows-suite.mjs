// One runtime's part of the rows benchmark (benches/rows.mjs starts it): a real store holds 10,000
// short strings twice, as TEXT (a plain string: lone surrogates lost) and as a BLOB or bytea of
// their WTF-8, and reading them all back is timed both ways: the TEXT read, whose UTF-8 decoding
// happens inside the driver, against the BLOB read plus our `decode` of each row (what a user pays
// for keeping every string). Also timed: the BLOB read with TextDecoder (the lossy decode: it
// separates the driver's cost for bytes from the decoder's), the strings kept as TEXT where they
// survive it and as WTF-8 bytes elsewhere (the recipe's `toValue`; SQLite: one column of both
// types; PostgreSQL: a text and a bytea column, one of them NULL), and the TEXT read again as the
// control; for PGlite, the BLOB read also with PGlite's own bytea parser instead of the recipe's
// (examples/boundaries/pglite.mjs). Paired rounds, the order rotating each round. Plain ES plus
// node:fs, node:os and node:path, which Node, Deno and Bun all have.
//
//   <runtime> benches/rows-suite.mjs <the package's main file> <sqlite | pglite> [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHORT_SCRIPTS, shortPool } from './short.mjs';
import { summary } from './suite.mjs';

const args = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const [entry, store, roundsArg] = args;
const { decode, encode } = await import(pathToFileURL(entry).href);
const ROWS = 10_000;
const ROUNDS = Number(roundsArg ?? 15);
const runtime = globalThis.Deno
  ? `deno ${Deno.version.deno}`
  : globalThis.Bun
    ? `bun ${Bun.version}`
    : `node ${process.versions.node}`;

/**
 * The rows: 8 to 128 code units (8, 16, 32, 64, 128 in turn), the four scripts in turn, one in a
 * hundred with a lone surrogate; drawn from benches/short.mjs's seeded pools, so every runtime
 * reads the same rows.
 */
function rows() {
  const sizes = [8, 16, 32, 64, 128];
  const pools = new Map();
  const pool = (script, size, lone) => {
    const key = `${script}/${size}/${lone}`;
    if (!pools.has(key)) pools.set(key, shortPool(script, size, lone));
    return pools.get(key);
  };
  return Array.from(
    { length: ROWS },
    (_, i) => pool(SHORT_SCRIPTS[i % 4], sizes[Math.floor(i / 4) % 5], i % 100 === 99)[i % 4096],
  );
}

/**
 * The store: `{ readText, readBytes, readMixed, close }`, each read returning every row's value;
 * `readMixed` reads the strings kept as TEXT where TEXT keeps them and as WTF-8 bytes elsewhere
 * (`toValue` and `fromValue` of examples/boundaries/sqlite.mjs, in one column; `toColumns` and
 * `fromColumns` of examples/boundaries/pglite.mjs, in a text and a bytea column).
 */
async function open(texts) {
  const dir = mkdtempSync(join(tmpdir(), 'wtf8-rows-'));
  if (store === 'pglite') {
    const { PGlite, types } = await import('@electric-sql/pglite');
    // The recipe's bytea conversions (examples/boundaries/pglite.mjs), against PGlite's own.
    const { fromColumns, parseBytea, serializeBytea, toColumns } = await import('../examples/boundaries/pglite.mjs');
    const db = await PGlite.create({ serializers: { [types.BYTEA]: serializeBytea } });
    await db.exec('CREATE TABLE t (i integer PRIMARY KEY, s text, b bytea, ms text, mb bytea)');
    for (let i = 0; i < texts.length; i += 500) {
      const batch = texts.slice(i, i + 500);
      const params = batch.flatMap((t, k) => [i + k, t.toWellFormed(), encode(t), ...toColumns(t)]);
      const values = batch.map((_, k) => `(${[1, 2, 3, 4, 5].map((c) => `$${5 * k + c}`).join(', ')})`).join(', ');
      await db.query(`INSERT INTO t (i, s, b, ms, mb) VALUES ${values}`, params);
    }
    const recipe = { parsers: { [types.BYTEA]: parseBytea } };
    return {
      readText: async () => (await db.query('SELECT s FROM t ORDER BY i')).rows.map((r) => r.s),
      readBytes: async () => (await db.query('SELECT b FROM t ORDER BY i', [], recipe)).rows.map((r) => r.b),
      readBytesOwnParser: async () => (await db.query('SELECT b FROM t ORDER BY i')).rows.map((r) => r.b),
      readMixed: async () =>
        (await db.query('SELECT ms, mb FROM t ORDER BY i', [], recipe)).rows.map((r) => fromColumns(r.ms, r.mb)),
      close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })),
    };
  }
  const { fromValue, toValue } = await import('../examples/boundaries/sqlite.mjs');
  const db = globalThis.Bun
    ? new (await import('bun:sqlite')).Database(join(dir, 'rows.sqlite'))
    : new (await import('node:sqlite')).DatabaseSync(join(dir, 'rows.sqlite'));
  // m: TEXT where the string survives it, else a BLOB of its WTF-8 (SQLite's columns take both).
  db.exec('CREATE TABLE t (i INTEGER PRIMARY KEY, s TEXT, b BLOB, m)');
  const insert = db.prepare('INSERT INTO t (i, s, b, m) VALUES (?, ?, ?, ?)');
  db.exec('BEGIN');
  texts.forEach((t, i) => insert.run(i, t, encode(t), toValue(t)));
  db.exec('COMMIT');
  const text = db.prepare('SELECT s FROM t ORDER BY i');
  const bytes = db.prepare('SELECT b FROM t ORDER BY i');
  const mixed = db.prepare('SELECT m FROM t ORDER BY i');
  return {
    readText: async () => text.all().map((r) => r.s),
    readBytes: async () => bytes.all().map((r) => r.b),
    readMixed: async () => mixed.all().map((r) => fromValue(r.m)),
    close: async () => (db.close(), rmSync(dir, { recursive: true, force: true })),
  };
}

const texts = rows();
const db = await open(texts);
const td = new TextDecoder('utf-8', { ignoreBOM: true });
const contenders = [
  { id: 'text', read: () => db.readText() },
  { id: 'blob + decode', read: async () => (await db.readBytes()).map((b) => decode(b)) },
  { id: 'blob + TextDecoder', read: async () => (await db.readBytes()).map((b) => td.decode(b)) },
  { id: 'text or blob + decode', read: () => db.readMixed() },
  ...(db.readBytesOwnParser
    ? [
        {
          id: "blob + decode, PGlite's bytea parser",
          read: async () => (await db.readBytesOwnParser()).map((b) => decode(b)),
        },
      ]
    : []),
  { id: 'text (control)', read: () => db.readText() },
];

// What each reads back: ours every string, the TEXT read and TextDecoder the lossy ones.
const back = await contenders[1].read();
if (back.some((t, i) => t !== texts[i])) throw new Error(`${runtime}: blob + decode lost a row`);
const mixedBack = await db.readMixed();
if (mixedBack.some((t, i) => t !== texts[i])) throw new Error(`${runtime}: text or blob + decode lost a row`);
const lossy = await contenders[0].read();
if (lossy.some((t, i) => t !== texts[i].toWellFormed()))
  throw new Error(`${runtime}: the TEXT read is not the lossy one`);

for (const c of contenders) {
  c.samples = [];
  for (let k = 0; k < 3; k++) await c.read();
}
for (let round = 0; round < ROUNDS; round++) {
  for (let j = 0; j < contenders.length; j++) {
    const c = contenders[(j + round) % contenders.length];
    const t0 = performance.now();
    await c.read();
    c.samples.push(performance.now() - t0);
  }
}
await db.close();

// Ratios per round against the TEXT read: > 1 means slower than TEXT.
const [textRead] = contenders;
const result = { runtime, store, rows: ROWS, rounds: ROUNDS, contenders: {} };
for (const c of contenders) {
  result.contenders[c.id] = {
    ms: +summary(c.samples).median.toFixed(2),
    vsText: c === textRead ? 1 : +summary(c.samples.map((t, k) => t / textRead.samples[k])).median.toFixed(3),
  };
}
console.log(JSON.stringify(result));
