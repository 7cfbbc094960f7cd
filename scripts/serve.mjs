#!/usr/bin/env node
// Serves the demo page for local use and for the browser tests: www/ at / and the built package
// (pkg/, as `node scripts/build.mjs` leaves it) at /pkg/, on 127.0.0.1 only.
//
//   node scripts/serve.mjs [port]      port from argv, else $PORT, else 8080; 0 picks a free one
//
// A static file server and nothing more: GET and HEAD, no directory listings, no caching (so a
// rebuilt package is picked up on reload), and nothing outside the two roots is ever read.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;

/** URL prefix → directory on disk. Longest prefix first. */
const MOUNTS = [
  ['/pkg/', join(root, 'pkg')],
  ['/', join(root, 'www')],
];

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Maps a request path to a file inside one of the mounts, or `null`. Rejects anything that is not
 * a clean path: `..` or `.` segments (also percent-encoded), backslashes, NUL bytes, bad escapes.
 */
export function resolveRequestPath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  for (const [prefix, dir] of MOUNTS) {
    if (!decoded.startsWith(prefix)) continue;
    let relative = decoded.slice(prefix.length);
    if (relative === '' || relative.endsWith('/')) relative += 'index.html';
    const file = resolve(dir, relative);
    // Belt and braces: whatever the checks above missed, never leave the mount.
    if (file !== dir && !file.startsWith(dir + sep)) return null;
    return file;
  }
  return null;
}

function send(response, status, message, headers = {}) {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(message),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(message);
}

function handle(request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'method not allowed\n', { allow: 'GET, HEAD' });
    return;
  }
  let pathname;
  try {
    pathname = new URL(request.url, `http://${HOST}`).pathname;
  } catch {
    send(response, 400, 'bad request\n');
    return;
  }
  // /pkg without the slash: send the browser to the directory form.
  if (pathname === '/pkg') {
    send(response, 301, 'moved\n', { location: '/pkg/' });
    return;
  }
  const file = resolveRequestPath(pathname);
  if (file === null) {
    send(response, 400, 'bad path\n');
    return;
  }
  let stats;
  try {
    stats = statSync(file);
  } catch {
    const hint = file.startsWith(join(root, 'pkg')) ? ' (is the package built? run: node scripts/build.mjs)' : '';
    send(response, 404, `not found${hint}\n`);
    return;
  }
  if (stats.isDirectory()) {
    send(response, 301, 'moved\n', { location: `${pathname}/` });
    return;
  }
  if (!stats.isFile()) {
    send(response, 404, 'not found\n');
    return;
  }
  response.writeHead(200, {
    'content-type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}

/**
 * Starts the server on 127.0.0.1. Resolves to `{ server, url, close }` once it listens;
 * `port: 0` picks a free port (the tests do that).
 */
export function startServer({ port = DEFAULT_PORT } = {}) {
  return new Promise((resolvePromise, reject) => {
    const server = createServer(handle);
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      const url = `http://${HOST}:${server.address().port}/`;
      const close = () =>
        new Promise((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolvePromise({ server, url, close });
    });
  });
}

function portFromArgs() {
  const [arg] = process.argv.slice(2).filter((a) => a !== '--port');
  const raw = arg ?? process.env.PORT ?? String(DEFAULT_PORT);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve.mjs: not a port number: ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return port;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = portFromArgs();
  try {
    const { url } = await startServer({ port });
    console.log(`wtf8-wasm demo: ${url}  (Ctrl+C to stop)`);
  } catch (error) {
    if (error.code === 'EADDRINUSE') {
      console.error(`serve.mjs: port ${port} is in use; pick another: node scripts/serve.mjs 8081 (or PORT=8081)`);
      process.exit(1);
    }
    throw error;
  }
}
