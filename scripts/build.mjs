#!/usr/bin/env node
// Builds the publishable npm package in pkg/:
//   1. wasm-pack (bundler target) compiles the Rust crate and runs wasm-bindgen,
//   2. wasm-opt (npm `binaryen`) optimises the module for size,
//   3. esbuild bundles js/ + wasm-bindgen's generated glue + the embedded module into one ESM
//      and one CommonJS file (no `await init()`: the module compiles synchronously on import),
//   4. tsc emits the type declarations,
//   5. the hand-written files of pkg-template/ are copied over, with the version from Cargo.toml.
// Usage: node scripts/build.mjs [--quiet]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const log = (...args) => quiet || console.log(...args);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
  } catch (error) {
    if (error.stdout?.length) process.stderr.write(error.stdout);
    throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
};

const wasmPackOut = join(root, 'target', 'wasm-pack');
const finalPkg = join(root, 'pkg');
// Assembled beside pkg/ and swapped in at the end, so readers never see a half-built package.
const pkg = join(root, 'target', 'pkg-staging');
const dist = join(pkg, 'dist');

// 1. Rust → wasm + glue.
log('» wasm-pack build');
run('wasm-pack', ['--quiet', 'build', '--target', 'bundler', '--release', '--no-pack', '--out-dir', wasmPackOut, '--out-name', 'wtf8_wasm']);

// 2. Size optimisation with binaryen's wasm-opt (the version matching wasm-bindgen's output).
log('» wasm-opt -Oz');
const rawWasm = join(wasmPackOut, 'wtf8_wasm_bg.wasm');
const optWasm = join(wasmPackOut, 'wtf8_wasm_bg.opt.wasm');
run(bin('wasm-opt'), [
  '-Oz', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
  '--strip-debug', '--strip-producers', rawWasm, '-o', optWasm,
]);

// 3. Bundle. Two virtual modules: the generated glue, used as generated, and the wasm bytes.
const wasmBase64 = readFileSync(optWasm).toString('base64');
const virtualModules = {
  name: 'wtf8-wasm-virtual',
  setup(build) {
    build.onResolve({ filter: /^wtf8-wasm:glue$/ }, () => ({ path: join(wasmPackOut, 'wtf8_wasm_bg.js') }));
    build.onResolve({ filter: /^wtf8-wasm:bytes$/ }, () => ({ path: 'bytes', namespace: 'wtf8-wasm' }));
    build.onLoad({ filter: /^bytes$/, namespace: 'wtf8-wasm' }, () => ({
      contents: `export const wasmBase64 = ${JSON.stringify(wasmBase64)};`,
      loader: 'js',
    }));
  },
};
rmSync(pkg, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
const banner = `/*! wtf8-wasm ${version} | MIT */`;
for (const [format, file] of [['esm', 'wtf8-wasm.mjs'], ['cjs', 'wtf8-wasm.cjs']]) {
  log(`» esbuild ${format}`);
  await esbuild.build({
    entryPoints: [join(root, 'js', 'index.ts')],
    bundle: true,
    format,
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    legalComments: 'inline',
    banner: { js: banner },
    outfile: join(dist, file),
    plugins: [virtualModules],
    keepNames: true,
    logLevel: 'warning',
  });
}

// 4. Type declarations, once as ESM and once under a CommonJS package scope for `require` users.
log('» tsc declarations');
run(bin('tsc'), ['-p', join(root, 'js', 'tsconfig.json'), '--outDir', join(dist, 'types')]);
cpSync(join(dist, 'types'), join(dist, 'types-cjs'), { recursive: true });
writeFileSync(join(dist, 'types-cjs', 'package.json'), '{ "type": "commonjs" }\n');
for (const dir of ['types', 'types-cjs']) rmSync(join(dist, dir, 'wasm.d.ts'));

// 5. Hand-written files.
for (const name of readdirSync(join(root, 'pkg-template'))) cpSync(join(root, 'pkg-template', name), join(pkg, name), { recursive: true });
cpSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
cpSync(join(root, 'CHANGELOG.md'), join(pkg, 'CHANGELOG.md'));
const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
manifest.version = version;
writeFileSync(join(pkg, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');

// Swap: the old package moves aside, the new one takes its place, then the old one goes.
const previous = join(root, 'target', 'pkg-previous');
rmSync(previous, { recursive: true, force: true });
if (existsSync(finalPkg)) renameSync(finalPkg, previous);
renameSync(pkg, finalPkg);
rmSync(previous, { recursive: true, force: true });

const sizes = {};
for (const file of ['wtf8-wasm.mjs', 'wtf8-wasm.cjs']) {
  const data = readFileSync(join(finalPkg, 'dist', file));
  sizes[file] = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
}
const wasm = readFileSync(optWasm);
sizes['(wasm inside)'] = { raw: wasm.length, gzip: gzipSync(wasm, { level: 9 }).length };
log(`» built wtf8-wasm ${version} in ${finalPkg}`);
for (const [file, s] of Object.entries(sizes)) log(`  ${file.padEnd(16)} ${String(s.raw).padStart(7)} B raw ${String(s.gzip).padStart(7)} B gzip`);
