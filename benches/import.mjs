#!/usr/bin/env node
// What importing the package costs (benches/README.md "Import"): a cold `import()` of the published
// entry (the main entry's file each runtime takes: wtf8-wasm.node.mjs in Node, .deno.mjs, .bun.mjs,
// and wtf8-wasm.mjs in browsers; --entry FILE for one file everywhere) and its first calls, against a pure-JavaScript peer (npm `@cto.af/wtf8`) timed the same way
// in the same run, in a fresh process each time (Node, Deno, Bun) or a fresh browser with a fresh
// profile each time (Chromium, Firefox, WebKit: so no code cache carries over). Runs alternate ours, peer,
// ours, peer, … and the report gives medians and the median of the paired differences.
//
//   node benches/import.mjs                         every runtime, 15 runs each (browsers 7)
//   node benches/import.mjs --runtime node26,deno --runs 21
//   node benches/import.mjs --vs /path/to/other/dist/wtf8-wasm.mjs   (another build beside it, in
//                                                                     the same rotation: before/after)
//
// Each figure is read inside the runtime with performance.now(): `import` from the statement before
// the dynamic import to the line after it (the module's own evaluation: for ours, compiling and
// instantiating the embedded wasm), `first call` an encode and a decode of a short string with a
// lone surrogate right after, `first large call` the same round trip of a 101,000-unit string with
// a lone surrogate every 101 units right after that (for ours the first call that needs wasm on
// every plan: the module is compiled then, not at import). Memory (Node, Deno, Bun): resident set
// after import minus before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mainFileFor, runtimeNamed } from '../scripts/runtimes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const value = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const runtimes = value('--runtime', 'node22,node24,node26,deno,bun,chromium,firefox,webkit').split(',');
const runs = Number(value('--runs', 15));
const browserRuns = Number(value('--runs', 7));
const given = value('--entry', null);
/** The main entry's file a runtime takes (the package's export conditions), unless --entry names one. */
const entryFor = (kind) => resolve(given ?? join(root, 'pkg', 'dist', mainFileFor(kind)));
const entry = entryFor('browser');
const other = value('--vs', null) && resolve(value('--vs', null));
/** Who takes turns: ours, the other build of ours (`--vs`), the peer. */
const WHO = other ? ['ours', 'other', 'peer'] : ['ours', 'peer'];
const peerEntry = join(root, 'node_modules', '@cto.af', 'wtf8', 'lib', 'index.js');

/**
 * The timed part after the import, the same in a process and a page: `t1` is taken, then a round
 * trip of a 4-unit string with a lone surrogate (`back`, until `t2`) and of a 101,000-unit string
 * with a lone surrogate every 101 units (`bigBack`, until `t3`), through ours or the peer's API.
 */
const calls = (ours) => {
  const roundTrip = (s) =>
    ours
      ? `m.decode(m.encode(${s}))`
      : `new m.Wtf8Decoder('wtf8', { ignoreBOM: true }).decode(new m.Wtf8Encoder().encode(${s}))`;
  return `const back = ${roundTrip(`'ab\\uD800c'`)};
const t2 = performance.now();
const big = ('abc\\u00e9\\u4e2d'.repeat(20) + '\\uD800').repeat(1000);
const bigBack = ${roundTrip('big')};
const t3 = performance.now();
const same = back === 'ab\\uD800c' && bigBack === big;`;
};

/** The script each fresh process runs: times the import and the first calls, prints one line of JSON. */
const probe = (url, ours) => `
const rss = () => (globalThis.Deno ? Deno.memoryUsage().rss : process.memoryUsage().rss);
const before = rss();
const t0 = performance.now();
const m = await import(${JSON.stringify(url)});
const t1 = performance.now();
const imported = rss() - before;
${calls(ours)}
if (!same) throw new Error('round trip failed');
console.log(JSON.stringify({ import: t1 - t0, first: t2 - t1, large: t3 - t2, rss: imported }));
`;

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function processRuns(name, work) {
  const r = runtimeNamed(name);
  const files = { ours: join(work, 'ours.mjs'), other: join(work, 'other.mjs'), peer: join(work, 'peer.mjs') };
  writeFileSync(files.ours, probe(pathToFileURL(entryFor(r.kind)).href, true));
  if (other) writeFileSync(files.other, probe(pathToFileURL(other).href, true));
  writeFileSync(files.peer, probe(pathToFileURL(peerEntry).href, false));
  const args = (file) =>
    r.kind === 'deno'
      ? ['run', '--allow-read', '--allow-env', '--cached-only', '--no-check', file]
      : r.kind === 'bun'
        ? ['run', file]
        : [file];
  const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(work, 'deno'), NO_COLOR: '1' };
  const results = { ours: [], other: [], peer: [] };
  for (let i = 0; i < runs + 1; i++) {
    for (const who of WHO) {
      const out = spawnSync(r.binary, args(files[who]), { encoding: 'utf8', env });
      if (out.status !== 0) throw new Error(`${name} ${who}: ${out.stderr}`);
      if (i > 0) results[who].push(JSON.parse(out.stdout.trim().split('\n').at(-1))); // run 0 warms the disk cache
    }
  }
  return results;
}

/** A static server for the browser pages: the repository's files, and two tiny pages. */
function serve(pages) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const headers = { 'Cache-Control': 'no-store' };
    if (pages[path]) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      res.end(pages[path]);
      return;
    }
    const file = other && path === `/vs/${basename(other)}` ? other : resolve(root, `.${path}`);
    if ((file !== other && !file.startsWith(root + sep)) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404, headers);
      res.end();
      return;
    }
    const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json' };
    res.writeHead(200, { ...headers, 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

const page = (url, ours) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
const t0 = performance.now();
const m = await import(${JSON.stringify(url)});
const t1 = performance.now();
${calls(ours)}
globalThis.__result = same ? { import: t1 - t0, first: t2 - t1, large: t3 - t2 } : { error: 'round trip failed' };
</script>`;

async function browserRunsOf(name) {
  const { launchChromium, launchFirefox, launchWebKit } = await import('../tests/support/browsers.mjs');
  const launch = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit }[name];
  const rel = (file) => '/' + relative(root, file).split(sep).join('/');
  const pages = { '/ours.html': page(rel(entry), true), '/peer.html': page(rel(peerEntry), false) };
  // The other build may live outside the repository: served as /vs/<its file name>.
  if (other) pages['/other.html'] = page(`/vs/${basename(other)}`, true);
  const server = await serve(pages);
  const base = `http://127.0.0.1:${server.address().port}`;
  const results = { ours: [], other: [], peer: [] };
  try {
    for (let i = 0; i < browserRuns + 1; i++) {
      for (const who of WHO) {
        const browser = await launch();
        try {
          const tab = await browser.newPage();
          await tab.goto(`${base}/${who}.html`);
          let result;
          for (const deadline = Date.now() + 30_000; !(result = await tab.evaluate(() => globalThis.__result));) {
            if (Date.now() > deadline) throw new Error(`${name} ${who}: no result`);
            await new Promise((ok) => setTimeout(ok, 20));
          }
          if (result.error) throw new Error(`${name} ${who}: ${result.error}`);
          if (i > 0) results[who].push(result);
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    server.close();
  }
  return results;
}

const work = mkdtempSync(join(tmpdir(), 'wtf8-import-'));
const f = (x, digits = 1) => (x == null ? '-' : x.toFixed(digits));
const rows = [];
try {
  for (const name of runtimes) {
    const r = runtimeNamed(name);
    const results = r.kind === 'browser' ? await browserRunsOf(name) : processRuns(name, work);
    const pick = (who, key) => results[who].map((x) => x[key]);
    const diff = (who) => results[who].map((x, i) => x.import - results.peer[i].import);
    rows.push([
      name,
      f(median(pick('ours', 'import'))),
      ...(other ? [f(median(pick('other', 'import')))] : []),
      f(median(pick('peer', 'import'))),
      f(median(diff('ours'))),
      ...(other ? [f(median(diff('other')))] : []),
      f(median(pick('ours', 'first')), 2),
      f(median(pick('peer', 'first')), 2),
      f(median(pick('ours', 'large'))),
      ...(other ? [f(median(pick('other', 'large')))] : []),
      f(median(pick('peer', 'large'))),
      r.kind === 'browser' ? '-' : f(median(pick('ours', 'rss')) / 2 ** 20),
      r.kind === 'browser' ? '-' : f(median(pick('peer', 'rss')) / 2 ** 20),
      String(results.ours.length),
    ]);
    console.error(`${name}: done`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const headers = [
  'runtime',
  'import ms (ours)',
  ...(other ? ['import ms (--vs)'] : []),
  'import ms (peer)',
  'ours − peer',
  ...(other ? ['--vs − peer'] : []),
  'first call ms (ours)',
  'first call ms (peer)',
  'first large call ms (ours)',
  ...(other ? ['first large call ms (--vs)'] : []),
  'first large call ms (peer)',
  'RSS MiB (ours)',
  'RSS MiB (peer)',
  'runs',
];
console.log(
  `import of ${given ?? 'pkg/dist/wtf8-wasm{.node,.deno,.bun,}.mjs (each runtime its own)'}${other ? ` and ${other}` : ''} against @cto.af/wtf8; medians, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(`| ${headers.join(' | ')} |`);
console.log(`|${headers.map((_, i) => (i ? '---:' : '---')).join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
