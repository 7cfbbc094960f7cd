// scripts/serve.mjs: the static server the demo and its tests run on. MIME types (an ES module
// must be served as JavaScript or the browser refuses it), the two mounts, and no way out of them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveRequestPath, startServer } from '../../scripts/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let server;

before(async () => {
  server = await startServer({ port: 0 });
});
after(() => server?.close());

/** A raw HTTP request: the path is sent exactly as given (fetch would normalise `..` away). */
function get(path, method = 'GET') {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('listens on 127.0.0.1 and says where', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  assert.equal(server.server.address().address, '127.0.0.1');
});

test('serves www/ at / and pkg/ at /pkg/ with the right MIME types', async () => {
  const cases = [
    ['/', 'text/html'],
    ['/index.html', 'text/html'],
    ['/app.mjs', 'text/javascript'],
    ['/style.css', 'text/css'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/pkg/dist/wtf8-wasm.mjs', 'text/javascript'],
    ['/pkg/package.json', 'application/json'],
  ];
  for (const [path, type] of cases) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    assert.equal(response.headers['content-type'].split(';')[0], type, path);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
  }
  const head = await get('/app.mjs', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.ok(Number(head.headers['content-length']) > 0);
});

test('never serves anything outside www/ and pkg/', async () => {
  const attempts = [
    '/../package.json',
    '/..%2fpackage.json',
    '/%2e%2e/package.json',
    '/pkg/../Cargo.toml',
    '/pkg/..%2f..%2fCargo.toml',
    '/pkg/%2e%2e/%2e%2e/Cargo.toml',
    '/..\\package.json',
    '/%5c..%5cpackage.json',
    '/.%2e/.%2e/etc/passwd',
    '/index.html%00.png',
    '/%E0%A4%A',
    '//etc/passwd',
  ];
  for (const path of attempts) {
    const response = await get(path);
    assert.ok(response.status >= 400 && response.status < 500, `${path} → ${response.status}`);
    assert.doesNotMatch(response.body, /"devDependencies"|\[package\]|root:/, path);
  }
  for (const path of ['/../x', '/a/../../x', '/pkg/./x', '/a%00', '/%2e%2e/x', '/a\\b']) {
    assert.equal(resolveRequestPath(path), null, path);
  }
  assert.equal(resolveRequestPath('/'), join(root, 'www', 'index.html'));
  assert.equal(resolveRequestPath('/pkg/dist/wtf8-wasm.mjs'), join(root, 'pkg', 'dist', 'wtf8-wasm.mjs'));
});

test('missing files are 404, directories redirect, other methods are refused', async () => {
  assert.equal((await get('/no-such-file.js')).status, 404);
  const pkg = await get('/pkg');
  assert.equal(pkg.status, 301);
  assert.equal(pkg.headers.location, '/pkg/');
  assert.equal((await get('/', 'POST')).status, 405);
  assert.equal((await get('/', 'DELETE')).status, 405);
});

test('run as a script: port from argv, prints the URL', async () => {
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs'), '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const line = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)?.[0];
    assert.ok(url, line);
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<title>/);
  } finally {
    child.kill();
  }
});

test('run as a script: a bad port is refused with a message', async () => {
  const child = spawn(process.execPath, [join(root, 'scripts', 'serve.mjs'), 'eighty'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 2);
  assert.match(stderr, /not a port number/);
});
