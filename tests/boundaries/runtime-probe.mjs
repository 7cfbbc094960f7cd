// Runs in Node, Deno or Bun (tests/boundaries/runtimes.test.mjs starts it): every boundary this
// runtime has, each tried with the shared case set as a plain string and through its recipe in
// examples/boundaries/, with stores closed and opened again between write and read. Prints one
// JSON line: { runtime, version, parts: { [part]: { plain, recipe, facts } } }, where plain and
// recipe are what tryCases returns (recipe null where a plain string is kept and no recipe is
// needed), and facts holds the part's other claims (ordering, lookup, search).
//
//   <runtime> tests/boundaries/runtime-probe.mjs <the package's main file for this runtime> \
//     <an empty PGlite data directory to copy> [better-sqlite3: when
//     examples/node_modules/better-sqlite3 is linked, Node 20 only]
import { Buffer } from 'node:buffer';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { CASES, byKind, settle, tryCases } from './cases.mjs';

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const version = runtime === 'deno' ? Deno.version.deno : runtime === 'bun' ? Bun.version : process.versions.node;
const nodeMajor = runtime === 'node' ? Number(process.versions.node.split('.')[0]) : null;
const { encode, decode } = await import(pathToFileURL(process.argv[2]).href);
const example = (name) => import(new URL(`../../examples/boundaries/${name}`, import.meta.url).href);

const scratch = mkdtempSync(join(tmpdir(), `wtf8-boundaries-${runtime}-`));
const texts = CASES.map((c) => c.text);

/** Code point order (the order of WTF-8 bytes), compared independently of the package. */
function byCodePoint(a, b) {
  const x = [...a].map((s) => s.codePointAt(0));
  const y = [...b].map((s) => s.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}
const byUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The claims of a lossless store's recipe: what `all()` reads back after a reopen, whether it is
 * in code point order (and not JS order), whether `has()` finds each string, and what `search()`
 * finds on the lossy copy (by case name). Returns `{ recipe, facts }`.
 */
async function storeClaims(all, has, search) {
  const back = await all();
  const found = new Set(back);
  const recipe = await tryCases(async () => texts.map((t) => (found.has(t) ? t : new Error('not read back'))));
  const facts = {
    readBackCount: back.length,
    codePointOrder: JSON.stringify(back) === JSON.stringify([...texts].sort(byCodePoint)),
    jsOrderDiffers: JSON.stringify(back) !== JSON.stringify([...texts].sort(byUnits)),
    lookups: (await Promise.all(texts.map((t) => has(t)))).every(Boolean),
    lookupMissing: await has('a\uFFFDb\uD83D'),
    search: (await search('Ça va')).map((t) => CASES.find((c) => c.text === t)?.name ?? 'not a case'),
  };
  return { recipe, facts };
}

const parts = {};

// SQLite: node:sqlite (Node 22+, Deno), bun:sqlite (Bun), better-sqlite3 (Node 20, when built:
// the test says where it is). The same SQL for all three: prepare, run, all.
async function sqliteDrivers() {
  const drivers = [];
  if (runtime === 'bun') {
    const { Database } = await import('bun:sqlite');
    drivers.push(['bun:sqlite', (path) => new Database(path), 'bun-sqlite.mjs']);
  } else if (runtime === 'deno' || nodeMajor >= 22) {
    const { DatabaseSync } = await import('node:sqlite');
    drivers.push(['node:sqlite', (path) => new DatabaseSync(path), 'node-sqlite.mjs']);
  }
  if (process.argv[4] === 'better-sqlite3') {
    const Database = createRequire(new URL('../../examples/boundaries/', import.meta.url))('better-sqlite3');
    drivers.push(['better-sqlite3', (path) => new Database(path), 'better-sqlite3.mjs']);
  }
  return drivers;
}

for (const [name, openDb, recipeFile] of await sqliteDrivers()) {
  const plainPath = join(scratch, `${name}-plain.sqlite`);
  let db = openDb(plainPath);
  db.exec('CREATE TABLE t (i INTEGER PRIMARY KEY, s TEXT)');
  const insert = db.prepare('INSERT INTO t (i, s) VALUES (?, ?)');
  const inserted = await Promise.all(texts.map((t, i) => settle(() => insert.run(i, t))));
  db.close();
  db = openDb(plainPath);
  const read = new Map(
    db
      .prepare('SELECT i, s FROM t')
      .all()
      .map((r) => [Number(r.i), r.s]),
  );
  const plain = await tryCases(async () =>
    texts.map((_, i) => (inserted[i] instanceof Error ? inserted[i] : (read.get(i) ?? new Error('no row')))),
  );
  const recipe = await example(recipeFile);
  // What the TEXT column holds, read as bytes (better-sqlite3's recipe for data already stored).
  const recovered = recipe.readTextColumn
    ? { recovered: byKind((await tryCases(async () => recipe.readTextColumn(db, 't', 's'))).outcomes) }
    : {};
  db.close();

  const recipePath = join(scratch, `${name}-recipe.sqlite`);
  db = recipe.open(recipePath);
  for (const t of texts) recipe.save(db, t);
  db.close();
  db = recipe.open(recipePath);
  const claims = await storeClaims(
    () => recipe.all(db),
    (t) => recipe.has(db, t),
    (w) => recipe.search(db, w),
  );
  db.close();

  // The other recipe: TEXT where TEXT keeps the string, its WTF-8 as a BLOB elsewhere, in one column.
  const valuesPath = join(scratch, `${name}-values.sqlite`);
  db = recipe.open(valuesPath);
  db.exec('CREATE TABLE v (i INTEGER PRIMARY KEY, v)');
  const put = db.prepare('INSERT INTO v (i, v) VALUES (?, ?)');
  texts.forEach((t, i) => put.run(i, recipe.toValue(t)));
  db.close();
  db = recipe.open(valuesPath);
  const values = await tryCases(async () =>
    db
      .prepare('SELECT v FROM v ORDER BY i')
      .all()
      .map((r) => recipe.fromValue(r.v)),
  );
  db.close();
  parts[name] = {
    plain,
    recipe: claims.recipe,
    facts: { ...claims.facts, ...recovered, values: byKind(values.outcomes) },
  };
}

// PostgreSQL (PGlite): a text column against the recipe's bytea, in one database (a copy of the
// empty cluster the test made once: initdb is the slow part), closed and opened again in between.
{
  const pg = await example('pglite.mjs');
  const dir = join(scratch, 'pg');
  cpSync(process.argv[3], dir, { recursive: true });
  let db = await pg.open(dir);
  await db.exec('CREATE TABLE t (i integer PRIMARY KEY, s text)');
  const inserted = [];
  for (const [i, t] of texts.entries())
    inserted.push(await settle(() => db.query('INSERT INTO t (i, s) VALUES ($1, $2)', [i, t])));
  for (const t of texts) await pg.save(db, t);
  await db.close();
  db = await pg.open(dir);
  const read = new Map((await db.query('SELECT i, s FROM t')).rows.map((r) => [r.i, r.s]));
  const plain = await tryCases(async () =>
    texts.map((_, i) => (inserted[i] instanceof Error ? inserted[i] : (read.get(i) ?? new Error('no row')))),
  );
  const claims = await storeClaims(
    () => pg.all(db),
    (t) => pg.has(db, t),
    (w) => pg.search(db, w),
  );
  // The other recipe: text where text keeps the string, its WTF-8 in a bytea column elsewhere.
  await db.exec('CREATE TABLE v (i integer PRIMARY KEY, t text, b bytea)');
  for (const [i, t] of texts.entries())
    await db.query('INSERT INTO v (i, t, b) VALUES ($1, $2, $3)', [i, ...pg.toColumns(t)]);
  await db.close();
  db = await pg.open(dir);
  const values = await tryCases(async () =>
    (await db.query('SELECT t, b FROM v ORDER BY i')).rows.map((r) => pg.fromColumns(r.t, r.b)),
  );
  await db.close();
  parts.PGlite = { plain, recipe: claims.recipe, facts: { ...claims.facts, values: byKind(values.outcomes) } };
}

// HTTP over loopback: a node:http server (Node, Deno and Bun all have it) that echoes bytes, turns
// WTF-8 into a string body, or runs the recipe's server side.
{
  const http = await example('http.mjs');
  const server = createServer(async (request, response) => {
    const chunks = [];
    if (request.url === '/wtf8') return http.sendText(response, await http.readText(request));
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    if (request.url === '/echo') response.end(body);
    else response.end(decode(body)); // '/string': a string body, as node:http sends one
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  const sendBytes = async (path, body) =>
    new Uint8Array(await (await fetch(base + path, { method: 'POST', body })).arrayBuffer());
  const each = (fn) => async () => {
    const out = [];
    for (const t of texts) out.push(await settle(() => fn(t)));
    return out;
  };
  parts['fetch request body'] = {
    plain: await tryCases(each(async (t) => decode(await sendBytes('/echo', t)))),
    recipe: await tryCases(each((t) => http.post(`${base}/wtf8`, t))),
  };
  parts['node:http response body'] = {
    plain: await tryCases(each(async (t) => decode(await sendBytes('/string', encode(t))))),
    recipe: await tryCases(each((t) => http.post(`${base}/wtf8`, t))),
  };
  await new Promise((ok) => server.close(ok));
}

// WebSocket over loopback: an echo server (Deno's and Bun's own, `ws` in Node) that sends each
// frame back as it came, text or binary; the client is the standard WebSocket (`ws` in Node 20).
{
  const ws = await example('websocket.mjs');
  let url;
  let stop;
  if (runtime === 'deno') {
    const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (request) => {
      const { socket, response } = Deno.upgradeWebSocket(request);
      socket.onmessage = (event) => socket.send(event.data);
      return response;
    });
    url = `ws://127.0.0.1:${server.addr.port}`;
    stop = () => server.shutdown();
  } else if (runtime === 'bun') {
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request, srv) => (srv.upgrade(request) ? undefined : new Response('upgrade', { status: 400 })),
      websocket: { message: (socket, message) => socket.send(message) },
    });
    url = `ws://127.0.0.1:${server.port}`;
    stop = () => server.stop(true);
  } else {
    const { WebSocketServer } = await import('ws');
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((ok) => server.on('listening', ok));
    server.on('connection', (socket) =>
      socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary })),
    );
    url = `ws://127.0.0.1:${server.address().port}`;
    stop = () => new Promise((ok) => server.close(ok));
  }
  const Client = globalThis.WebSocket ?? (await import('ws')).WebSocket;
  const socket = new Client(url);
  socket.binaryType = 'arraybuffer';
  await new Promise((ok, fail) => {
    socket.onopen = ok;
    socket.onerror = () => fail(new Error('WebSocket: could not connect'));
  });
  const replies = [];
  let waiting = null;
  socket.onmessage = (event) => (waiting ? (waiting(event.data), (waiting = null)) : replies.push(event.data));
  const next = () => new Promise((ok) => (replies.length ? ok(replies.shift()) : (waiting = ok)));
  const each = (fn) => async () => {
    const out = [];
    for (const t of texts) out.push(await settle(() => fn(t)));
    return out;
  };
  parts['WebSocket'] = {
    plain: await tryCases(each(async (t) => (socket.send(t), next()))),
    recipe: await tryCases(each(async (t) => (ws.sendText(socket, t), ws.textOf(await next())))),
  };
  socket.close();
  await stop();
}

// postMessage to a worker and back (worker_threads in Node, a web Worker in Deno and Bun), and
// structuredClone.
{
  const workerUrl = new URL('./echo-worker.mjs', import.meta.url);
  let worker;
  let post;
  if (runtime === 'node') {
    const { Worker } = await import('node:worker_threads');
    worker = new Worker(workerUrl);
    const replies = [];
    let waiting = null;
    worker.on('message', (m) => (waiting ? (waiting(m), (waiting = null)) : replies.push(m)));
    post = (m) => (worker.postMessage(m), new Promise((ok) => (replies.length ? ok(replies.shift()) : (waiting = ok))));
  } else {
    worker = new Worker(workerUrl.href, { type: 'module' });
    const replies = [];
    let waiting = null;
    worker.onmessage = (e) => (waiting ? (waiting(e.data), (waiting = null)) : replies.push(e.data));
    post = (m) => (worker.postMessage(m), new Promise((ok) => (replies.length ? ok(replies.shift()) : (waiting = ok))));
  }
  const out = [];
  for (const t of texts) out.push(await settle(() => post({ t }).then((m) => m.t)));
  await worker.terminate();
  parts['postMessage to a worker'] = { plain: await tryCases(async () => out), recipe: null };
  parts['structuredClone'] = {
    plain: await tryCases(async () => texts.map((t) => structuredClone({ t }).t)),
    recipe: null,
  };
  parts['JSON'] = {
    plain: await tryCases(async () => texts.map((t) => JSON.parse(JSON.stringify({ t })).t)),
    recipe: null,
  };
}

// Files: a string written as utf8 and as utf16le, against the WTF-8 bytes.
{
  const file = join(scratch, 'file');
  const trip = (write, read) => async () =>
    texts.map((t) => {
      writeFileSync(file, write(t));
      return read();
    });
  parts['fs.writeFile, utf8'] = {
    plain: await tryCases(
      trip(
        (t) => t,
        () => readFileSync(file, 'utf8'),
      ),
    ),
    recipe: await tryCases(
      trip(
        (t) => encode(t),
        () => decode(readFileSync(file)),
      ),
    ),
  };
  parts['fs.writeFile, utf16le'] = {
    plain: await tryCases(async () =>
      texts.map((t) => (writeFileSync(file, t, 'utf16le'), readFileSync(file, 'utf16le'))),
    ),
    recipe: null,
  };
  parts['Buffer.from'] = {
    plain: await tryCases(async () => texts.map((t) => Buffer.from(t).toString())),
    recipe: await tryCases(async () => texts.map((t) => decode(Buffer.from(encode(t))))),
  };
}

// Serialisation libraries.
{
  const msgpack = await import('@msgpack/msgpack');
  const msgpackRecipe = await example('msgpack.mjs');
  const note = (fn) => async () => texts.map((t, id) => fn({ id, text: t }).text);
  parts['@msgpack/msgpack'] = {
    plain: await tryCases(async () => texts.map((t) => msgpack.decode(msgpack.encode(t)))),
    recipe: await tryCases(note((n) => msgpackRecipe.unpackNote(msgpackRecipe.packNote(n)))),
  };
  const msgpackr = await import('msgpackr');
  const msgpackrRecipe = await example('msgpackr.mjs');
  parts.msgpackr = {
    plain: await tryCases(async () => texts.map((t) => msgpackr.unpack(msgpackr.pack(t)))),
    recipe: await tryCases(note((n) => msgpackrRecipe.unpackNote(msgpackrRecipe.packNote(n)))),
  };
  const { BSON } = await import('bson');
  const bsonRecipe = await example('bson.mjs');
  parts.bson = {
    plain: await tryCases(async () => texts.map((t) => BSON.deserialize(BSON.serialize({ t })).t)),
    recipe: await tryCases(note((n) => bsonRecipe.deserializeNote(bsonRecipe.serializeNote(n)))),
  };
}

rmSync(scratch, { recursive: true, force: true });
console.log(JSON.stringify({ runtime, version, parts }));
process.exit(0);
