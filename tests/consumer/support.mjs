// Shared by the consumer tests: a scratch project with the packed tarball installed (offline),
// subprocess and static-server helpers, and a browser page runner that fails on console errors
// and failed requests.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '..', '..');
export const pkgDir = join(root, 'pkg');
export const fixtures = join(here, 'fixtures');
export const bin = (name) => join(root, 'node_modules', '.bin', name);
export const DENO = join(root, 'node_modules', '@deno', 'linux-x64-glibc', 'deno');
export const BUN = join(root, 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun');

/** The check names of the shared smoke body, which every runtime must report back in full. */
export const { CHECKS } = await import('./smoke-body.mjs');

/**
 * A registry address that refuses connections at once (the discard port on loopback): every
 * package-manager command in these tests points here, so an accidental fetch fails loudly
 * instead of reaching out.
 */
export const NO_REGISTRY = 'http://127.0.0.1:9/';

/**
 * Runs a command; resolves to `{ code, stdout, stderr }` whatever the exit code (tests assert
 * it). Rejects only if the command cannot be started or runs past `timeout` ms.
 */
export function run(cmd, args, { cwd, env = {}, timeout = 120_000 } = {}) {
  return new Promise((resolvePromise, reject) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ...env }, timeout, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`${cmd} ${args.join(' ')}: ${error.message}\n${stderr}`));
        } else {
          resolvePromise({ code: error ? error.code : 0, stdout, stderr });
        }
      },
    );
  });
}

/** Like `run`, but rejects unless the command exits 0. */
export async function runOk(cmd, args, options) {
  const result = await run(cmd, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} exited ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}

/** Environment for npm: no registry reachable, a private empty cache, no audit/fund/update chatter. */
function npmEnv(cache) {
  return {
    npm_config_registry: NO_REGISTRY,
    npm_config_cache: cache,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  };
}

/** Waits for pkg/ (scripts/build.mjs swaps it in by delete + rename, so it can be briefly missing). */
async function waitForPkg() {
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (existsSync(join(pkgDir, 'package.json')) && existsSync(join(pkgDir, 'dist'))) return;
    await sleep(250);
  }
  throw new Error(`${pkgDir} is missing: build the package first with \`node scripts/build.mjs\``);
}

/**
 * Packs pkg/ with `npm pack` and installs the tarball into a new scratch project, offline (the
 * registry is unreachable and the npm cache empty, so this only works because the tarball has no
 * dependencies). The fixtures and the smoke body are copied in beside package.json.
 *
 * Returns `{ dir, app, tarball, packed, cleanup }`: `app` is the project directory, `packed` is
 * npm's JSON report of the tarball.
 */
export async function createScratch(label) {
  const dir = mkdtempSync(join(tmpdir(), `wtf8-consumer-${label}-`));
  const cache = join(dir, 'npm-cache');
  const app = join(dir, 'app');
  mkdirSync(app);
  try {
    await waitForPkg();
    const env = npmEnv(cache);
    const { stdout } = await runOk('npm', ['pack', pkgDir, '--json', '--pack-destination', dir], { cwd: dir, env });
    const packed = JSON.parse(stdout)[0];
    const tarball = join(dir, packed.filename);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'wtf8-consumer-scratch', version: '1.0.0', private: true, type: 'module' }, null, 2) +
        '\n',
    );
    await runOk('npm', ['install', tarball, '--offline', '--ignore-scripts', '--no-package-lock'], { cwd: app, env });
    cpSync(join(here, 'smoke-body.mjs'), join(app, 'smoke-body.mjs'));
    for (const name of readdirSync(fixtures)) cpSync(join(fixtures, name), join(app, name));
    return { dir, app, tarball, packed, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Parses the one JSON line a runner fixture prints on success. */
export function parseReport(stdout) {
  const line = stdout.trim().split('\n').pop();
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`runner printed no JSON report:\n${stdout}`);
  }
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/**
 * Serves `dir` statically on 127.0.0.1 (ephemeral port). Returns `{ url, requests, close }`;
 * `requests` logs every request as `"<status> <path>"`.
 */
export async function serve(dir) {
  const base = resolve(dir);
  const requests = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    let status = 200;
    let body;
    if (!file.startsWith(base + sep) || req.method !== 'GET') {
      status = 403;
    } else {
      try {
        body = readFileSync(file);
      } catch {
        status = 404;
      }
    }
    requests.push(`${status} ${path}`);
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
      return;
    }
    res
      .writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      })
      .end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * Opens `url` in a new page of a launched browser (tests/support/browsers.mjs; playwright-core
 * and puppeteer-core pages have the same event names) and waits for the page's smoke report in
 * `globalThis.__smoke`. Returns `{ report, title, problems }`: `problems` lists console errors,
 * uncaught page errors, failed requests and HTTP error responses.
 */
export async function runPage(browser, url, { timeout = 30_000 } = {}) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error && error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    await page.goto(url);
    const deadline = Date.now() + timeout;
    let report = null;
    while ((report = await page.evaluate(() => globalThis.__smoke ?? null)) === null) {
      if (Date.now() > deadline)
        throw new Error(`no smoke report from ${url} after ${timeout} ms; problems: ${problems.join('; ')}`);
      await sleep(50);
    }
    // Let late events (a console error or failed request right after the report) arrive.
    await sleep(100);
    const title = await page.evaluate(() => document.title);
    return { report, title, problems };
  } finally {
    await page.close();
  }
}
