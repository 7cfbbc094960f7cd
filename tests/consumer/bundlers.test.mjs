// The installed tarball through the other bundlers users reach for, with no configuration file
// and no wasm plugin (the module is embedded in the package's JS): webpack 5 (production build),
// Vite's production build, and Vite's dev server (dependency pre-bundling). Every result runs the
// shared smoke body in headless Chromium. (esbuild is covered by browsers.test.mjs.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../support/browsers.mjs';
import { CHECKS, bin, createScratch, root, runOk, runPage, serve } from './support.mjs';

const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

let scratch;
let chromium;
const servers = {};
const builds = {};
let viteDev;
before(async () => {
  scratch = await createScratch('bundlers');
  const { app } = scratch;
  // webpack: entry and output on the command line, nothing else (webpack-cli's defaults otherwise).
  builds.webpack = await runOk(
    bin('webpack'),
    [
      '--mode',
      'production',
      '--entry',
      './browser-entry.mjs',
      '--output-path',
      join(app, 'out', 'webpack'),
      '--output-filename',
      'bundle.js',
      '--no-color',
    ],
    { cwd: app },
  );
  copyFileSync(join(app, 'bundle.html'), join(app, 'out', 'webpack', 'index.html'));
  // Vite: index.html (fixtures/index.html) is the entry, as in every Vite project.
  builds.vite = await runOk(bin('vite'), ['build', '--outDir', join(app, 'out', 'vite'), '--logLevel', 'warn'], {
    cwd: app,
    env: { NO_COLOR: '1' },
  });
  servers.webpack = await serve(join(app, 'out', 'webpack'));
  servers.vite = await serve(join(app, 'out', 'vite'));
  chromium = await launchChromium();
});
after(async () => {
  if (viteDev && viteDev.exitCode === null) viteDev.kill('SIGTERM');
  await chromium?.close();
  await Promise.allSettled(Object.values(servers).map((s) => s.close()));
  scratch?.cleanup();
});

async function smokeAt(url) {
  const { report, title, problems } = await runPage(chromium, url);
  assert.equal(report.ok, true, report.error);
  assert.deepEqual(report.checks, CHECKS);
  assert.equal(title, 'smoke: pass');
  assert.deepEqual(problems, []);
}

test('webpack 5 production build (no config) runs in Chromium', async (t) => {
  t.diagnostic(`webpack ${version('webpack')}, webpack-cli ${version('webpack-cli')}`);
  const log = builds.webpack.stdout + builds.webpack.stderr;
  assert.match(log, /compiled successfully/);
  assert.doesNotMatch(log, /WARNING|ERROR/);
  await smokeAt(`${servers.webpack.url}/index.html`);
  // One script, no separate .wasm asset or chunk.
  assert.deepEqual(servers.webpack.requests.sort(), ['200 /bundle.js', '200 /index.html']);
});

test('Vite production build (no config) runs in Chromium', async (t) => {
  t.diagnostic(`vite ${version('vite')}`);
  assert.equal(builds.vite.stdout + builds.vite.stderr, '', 'vite build printed warnings');
  await smokeAt(`${servers.vite.url}/index.html`);
  assert.deepEqual(servers.vite.requests.map((r) => r.replace(/-[\w-]+\.js$/, '-[hash].js')).sort(), [
    '200 /assets/index-[hash].js',
    '200 /index.html',
  ]);
});

test('Vite dev server (dependency pre-bundling, no config) runs in Chromium', async () => {
  viteDev = spawn(
    process.execPath,
    [bin('vite'), '--host', '127.0.0.1', '--port', '0', '--strictPort', '--clearScreen', 'false'],
    {
      cwd: scratch.app,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite dev server did not start:\n${output}`)), 30_000);
    const onData = (data) => {
      output += data;
      const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    viteDev.stdout.on('data', onData);
    viteDev.stderr.on('data', onData);
    viteDev.on('exit', (code) => reject(new Error(`vite dev server exited ${code}:\n${output}`)));
  });
  try {
    await smokeAt(`${url}/index.html`);
    assert.doesNotMatch(output, /error|warn/i, 'vite dev server logged a problem');
  } finally {
    viteDev.kill('SIGTERM');
  }
});
