// Runs the benchmark suite in a browser (Chromium, Firefox or WebKit): a tiny static server on
// 127.0.0.1 (an ephemeral port) serves the page, benches/, the built package (pkg/), the two peer
// libraries and the corpora (built in Node, sent as JSON); tests/support/browsers.mjs launches
// Debian's Chromium (playwright-core), Firefox ESR (puppeteer-core) or WebKitGTK (its WebDriver
// server and selenium-webdriver). The page is cross-origin isolated (COOP/COEP), which gives
// performance.now() its fine resolution.
import { execFileSync } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpora } from '../corpora.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const require = createRequire(import.meta.url);

const MOUNTS = [
  ['/benches/', join(root, 'benches')],
  ['/pkg/', join(root, 'pkg')],
  ['/target/testing/', join(root, 'target', 'testing')],
  ['/node_modules/wtf-8/', dirname(require.resolve('wtf-8'))],
  ['/node_modules/@cto.af/wtf8/', resolve(dirname(fileURLToPath(import.meta.resolve('@cto.af/wtf8'))), '..')],
];
const TYPES = {
  '.html': 'text/html',
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.json': 'application/json',
};

function serve(routes) {
  const server = createServer((req, res) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    };
    let path = null;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {}
    if (path === '/favicon.ico') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    if (path !== null && Object.hasOwn(routes, path)) {
      const body = routes[path]();
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(body);
      return;
    }
    const file = path === null ? null : path === '/' ? join(here, 'index.html') : mapPath(path);
    let ok = false;
    try {
      ok = file !== null && statSync(file).isFile();
    } catch {}
    if (!ok) {
      res.writeHead(404, headers);
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': `${TYPES[extname(file)] ?? 'application/octet-stream'}; charset=utf-8`,
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

function mapPath(path) {
  if (path.includes('\0') || path.split('/').some((s) => s === '..' || s === '.')) return null;
  for (const [prefix, dir] of MOUNTS) {
    if (!path.startsWith(prefix)) continue;
    const file = resolve(dir, path.slice(prefix.length));
    return file.startsWith(dir + sep) ? file : null;
  }
  return null;
}

function chromiumVersion(executable) {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function firefoxVersion(executable) {
  try {
    return execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * Runs `globalThis[name](...args)` in a WebKit page: started, then polled, printing the page's log
 * (#log) as it grows. WebKitWebDriver forwards no console.log (no WebDriver BiDi) and bounds each
 * script to five minutes (tests/support/browsers.mjs), shorter than a run of the suite.
 */
async function pollInWebKit(page, name, args) {
  await page.evaluate(
    ([name, args]) => {
      globalThis.__benchRun = null;
      globalThis[name](...args).then(
        (value) => (globalThis.__benchRun = { value }),
        (error) => (globalThis.__benchRun = { error: String(error?.stack ?? error) }),
      );
    },
    [name, args],
  );
  for (let printed = 0; ; await new Promise((ok) => setTimeout(ok, 500))) {
    const { lines, run } = await page.evaluate((from) => {
      const lines = document.getElementById('log').textContent.split('\n').slice(0, -1);
      return { lines: lines.slice(from), run: globalThis.__benchRun };
    }, printed);
    for (const line of lines) console.log(line);
    printed += lines.length;
    if (run?.error !== undefined) throw new Error(`WebKit: ${name}: ${run.error}`);
    if (run) return run.value;
  }
}

/**
 * @param browser - 'chromium', 'firefox' or 'webkit'
 * @param corporaJson - the built corpora as JSON text (served to the page)
 * @param entry - URL path of the entry to time ('/pkg/dist/wtf8-wasm.mjs' or the test entry)
 * @param opts - suite options (see suite.mjs); `opts.plan`: the plan to put to use first (test entry)
 * @param memoryUnits - 0, or the size of the memory test string
 */
export async function runBrowser({
  browser: which,
  corporaJson,
  entry,
  opts,
  memoryUnits,
  memoryOnly,
  onMeta,
  before,
}) {
  const { launchChromium, launchFirefox, launchWebKit, CHROMIUM, FIREFOX } = await import(
    join(root, 'tests/support/browsers.mjs')
  );
  const memoryBase = () =>
    JSON.stringify(
      buildCorpora({ names: ['sliced', 'dense', 'cjk'], sizes: [1_000_000] }).map(({ name, text }) => ({ name, text })),
    );
  const server = await serve({ '/corpora.json': () => corporaJson, '/memory-base.json': memoryBase });
  const plan = opts.plan ? `&plan=${encodeURIComponent(opts.plan)}` : '';
  const url = `http://127.0.0.1:${server.address().port}/?entry=${encodeURIComponent(entry)}${plan}`;
  const browser =
    which === 'webkit' ? await launchWebKit() : which === 'firefox' ? await launchFirefox() : await launchChromium();
  try {
    const page = await browser.newPage();
    page.on('console', (m) => console.log(m.text()));
    page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
    await page.goto(url);
    // Polled (playwright's and puppeteer's waitForFunction take different arguments).
    for (const deadline = Date.now() + 60_000; !(await page.evaluate(() => globalThis.benchReady === true));) {
      if (Date.now() > deadline) throw new Error('the benchmark page did not get ready in 60 s');
      await new Promise((ok) => setTimeout(ok, 100));
    }
    const info = await page.evaluate(() => globalThis.benchInfo);
    const version =
      which === 'webkit'
        ? `WebKitGTK ${browser.version}`
        : which === 'firefox'
          ? firefoxVersion(FIREFOX)
          : chromiumVersion(CHROMIUM);
    onMeta?.({
      version: version ?? info.userAgent,
      userAgent: info.userAgent,
      crossOriginIsolated: info.crossOriginIsolated,
      routes: info.routes,
      detected: info.detected,
    });
    before?.();
    if (!info.crossOriginIsolated)
      console.log('warning: page is not cross-origin isolated: performance.now() is coarse');
    let results = {};
    if (!memoryOnly)
      results =
        which === 'webkit'
          ? await pollInWebKit(page, 'runBench', [opts, which])
          : await page.evaluate(([o, r]) => globalThis.runBench(o, r), [opts, which]);
    let memory = null;
    if (memoryUnits > 0) {
      console.log('');
      console.log(`MEMORY (${which}): encode + decode of ${memoryUnits / 1048576}Mi-unit strings`);
      memory = await page
        .evaluate((n) => globalThis.runMemory(n), memoryUnits)
        .catch((e) => ({ ok: false, error: String(e) }));
    }
    return { ...results, memory };
  } finally {
    await browser.close();
    server.close();
  }
}
