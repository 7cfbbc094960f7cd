#!/usr/bin/env node
// Builds the publishable npm package in pkg/, with three entries, each with its own wasm module:
// the main one ('wtf8-wasm': js/index.ts over the bindings crate bindings/main),
// 'wtf8-wasm/encodings' (js/encodings/index.ts over bindings/encodings) and 'wtf8-wasm/inspect'
// (js/inspect/index.ts over bindings/inspect), so that a WTF-8-only user loads neither the other
// encodings nor the breakdown. The bindings crates depend on the core (src/) by path.
//   1. cargo compiles each bindings crate for wasm32 and wasm-bindgen makes its glue (bundler
//      target), as wasm-pack does (scripts/wasm-bindgen-build.mjs),
//   2. wasm-opt (npm `binaryen`) optimises each module (the main one for speed, the others for size),
//   3. esbuild bundles each entry + wasm-bindgen's generated glue + the embedded module into one
//      ESM and one CommonJS file (no `await init()`: the module compiles synchronously on import);
//      the main entry also embeds js/strings.wat, assembled by binaryen's parser; terser then
//      minifies each file once more (`bundle`),
//   4. tsc emits the type declarations,
//   5. the hand-written files of pkg-template/ are copied over, with the version from Cargo.toml,
//      and README.md's user-facing part becomes the npm README.
// Usage: node scripts/build.mjs [--quiet]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { minify } from 'terser';
import { WASM_OPT_FEATURES } from './wasm-features.mjs';
import { packageName, wasmBindgenBuild } from './wasm-bindgen-build.mjs';
import { dropUnreachableData } from './wasm-data.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const quiet = process.argv.includes('--quiet');
const log = (...args) => quiet || console.log(...args);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) => {
  try {
    execFileSync(cmd, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
      env: { ...process.env, ...env },
    });
  } catch (error) {
    if (error.stdout?.length) process.stderr.write(error.stdout);
    throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
};

/**
 * The three entries: where wasm-bindgen writes, the module's name, the cargo features, how it is
 * optimised, the TypeScript source, the bundles, and the prefix of the two virtual modules the
 * source imports ('<prefix>:glue', '<prefix>:bytes'; declared in js/generated.d.ts,
 * js/encodings/generated.d.ts, js/inspect/generated.d.ts). The main module is optimised for speed
 * (its transcoding loops are the hot path; measured with benches/); the other two for size.
 */
const ENTRIES = [
  {
    prefix: 'wtf8-wasm',
    crate: join(root, 'bindings', 'main'),
    out: join(root, 'target', 'wasm-pack'),
    name: 'wtf8_wasm',
    optLevel: '3',
    // The target_features section is for wasm-bindgen, which has run (as for encodings below).
    // The SIMD decoder stays a function of its own (before -O3, which would inline it into its one
    // caller, decode_stream): inlined, its locals made every short decode 50–270 ns slower on
    // Deno and Bun (27 Nov 2026, commit 320600e8), and the module 110 B gzip bigger.
    // --low-memory-unused (the stack is first in Rust's wasm32 memory and grows down from 1 MiB:
    // the low 1 KiB is never addressed) lets constant offsets fold into loads and stores, and
    // --converge runs the passes until they change nothing: 16 and 37 B of the browsers' file's
    // gzip (29 Nov 2026).
    wasmOpt: '--no-inline=*decode_simd* -O3 --low-memory-unused --converge --strip-target-features',
    // The data only panics used is dropped after wasm-opt (scripts/wasm-data.mjs): the core's
    // bounds checks' messages and locations. Only here, the module at its budget's edge (the
    // other two have room; what they would lose is unmeasured).
    dropData: true,
    source: join(root, 'js', 'index.ts'),
    // One file per runtime, each with only the rows of js/routes.ts its runtime takes (`ROWS`;
    // the export conditions of pkg-template/package.json pick it): 0.7–1.5 kB gzip less than one
    // file with every row. The browsers' file is also the one for everything else.
    files: [
      { esm: 'wtf8-wasm.node.mjs', cjs: 'wtf8-wasm.node.cjs', rows: { node: true } },
      { esm: 'wtf8-wasm.deno.mjs', rows: { deno: true, builtins: true } },
      { esm: 'wtf8-wasm.bun.mjs', cjs: 'wtf8-wasm.bun.cjs', rows: { bun: true } },
      { esm: 'wtf8-wasm.mjs', cjs: 'wtf8-wasm.cjs', rows: { browsers: true, portable: true, builtins: true } },
    ],
    strings: join(root, 'js', 'strings.wat'),
  },
  {
    prefix: 'wtf8-wasm-encodings',
    crate: join(root, 'bindings', 'encodings'),
    out: join(root, 'target', 'wasm-pack-encodings'),
    name: 'wtf8_wasm_encodings',
    optLevel: 's',
    // The target_features section is for wasm-bindgen, which has run: 157 B gzip of the entry.
    wasmOpt: '-Oz --strip-target-features',
    source: join(root, 'js', 'encodings', 'index.ts'),
    files: [{ esm: 'encodings.mjs', cjs: 'encodings.cjs' }],
  },
  {
    prefix: 'wtf8-wasm-inspect',
    crate: join(root, 'bindings', 'inspect'),
    out: join(root, 'target', 'wasm-pack-inspect'),
    name: 'wtf8_wasm_inspect',
    optLevel: 's',
    wasmOpt: '-Oz',
    source: join(root, 'js', 'inspect', 'index.ts'),
    files: [{ esm: 'inspect.mjs', cjs: 'inspect.cjs' }],
  },
];
/**
 * Results of the two steps whose output is a pure function of their input and that cost seconds
 * on every build, kept by content in target/build-cache/: wasm-opt's output (keyed by the input
 * module, the arguments and binaryen's version) and the embedded bytes' key (the module and
 * esbuild's version). A build of unchanged modules then skips them: 18.8 -> 3.2 s (1 Dec 2026).
 * Nothing prunes the folder: it grows by one small file per module a change produces.
 */
const cacheDir = join(root, 'target', 'build-cache');
const TOOL_VERSIONS = ['binaryen', 'esbuild']
  .map(
    (name) => `${name}@${JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version}`,
  )
  .join(' ');
/** The cache's file for `parts` (buffers and strings), with `suffix`. */
function cached(suffix, ...parts) {
  const hash = createHash('sha256').update(TOOL_VERSIONS);
  for (const part of parts) hash.update(String(part.length)).update(part);
  return join(cacheDir, `${hash.digest('hex').slice(0, 32)}${suffix}`);
}
/** What `make` writes to `file` (`make(tmp)` writes a temporary file that then takes its place). */
function once(file, make) {
  if (existsSync(file)) return;
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  make(tmp);
  renameSync(tmp, file);
}

const finalPkg = join(root, 'pkg');
/** Where README.md's user-facing part ends (what follows is for developers). */
const NPM_README_END = '<!-- The npm README (pkg/README.md, written by scripts/build.mjs) is this file up to here. -->';
// Assembled beside pkg/ and swapped in at the end, so readers never see a half-built package.
const pkg = join(root, 'target', 'pkg-staging');
const dist = join(pkg, 'dist');

for (const entry of ENTRIES) {
  // 1. Rust → wasm + glue: cargo and the wasm-bindgen CLI, as `wasm-pack build --target bundler
  // --release --no-pack` runs them (scripts/wasm-bindgen-build.mjs).
  log(`» cargo build, wasm-bindgen (${entry.name})`);
  // simd128: the core's SIMD kernels (src/simd/) are compiled only with this target feature.
  // Every runtime we support has it (Node >= 16.4, Deno, Bun, Chromium, Firefox, Safari >= 16.4).
  wasmBindgenBuild({
    pkg: packageName(entry.crate),
    target: 'bundler',
    outDir: entry.out,
    outName: entry.name,
    env: {
      CARGO_PROFILE_RELEASE_OPT_LEVEL: entry.optLevel,
      // With dropData, one data segment per object, so that wasm-data.mjs knows their bounds.
      RUSTFLAGS: [
        process.env.RUSTFLAGS,
        '-C target-feature=+simd128',
        entry.dropData && '-C link-arg=--no-merge-data-segments',
      ]
        .filter(Boolean)
        .join(' '),
    },
    stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });

  // The glue's declarations for the TypeScript sources ('<prefix>:glue' in js/tsconfig.json):
  // wasm-bindgen's own, plus the two functions of the _bg.js glue that they leave out (the
  // setter, and the function the module imports, which js/encodings/wasm.ts links by name).
  writeFileSync(
    join(entry.out, 'glue.d.ts'),
    `// Written by scripts/build.mjs: wasm-bindgen's declarations of ${entry.name}_bg.js.\nexport * from './${entry.name}.js';\nexport function __wbg_set_wasm(exports: WebAssembly.Exports): void;\nexport function __wbindgen_init_externref_table(): void;\n`,
  );

  // 2. Size optimisation with binaryen's wasm-opt (the version matching wasm-bindgen's output).
  log(`» wasm-opt ${entry.wasmOpt} (${entry.name})`);
  entry.wasm = join(entry.out, `${entry.name}_bg.opt.wasm`);
  const input = join(entry.out, `${entry.name}_bg.wasm`);
  const options = [
    ...entry.wasmOpt.split(' '),
    '--enable-simd',
    ...WASM_OPT_FEATURES,
    '--strip-debug',
    '--strip-producers',
  ];
  // Then, with dropData, the data only panics used goes (scripts/wasm-data.mjs).
  const linked = readFileSync(input);
  const dropper = entry.dropData ? readFileSync(join(root, 'scripts', 'wasm-data.mjs')) : '';
  const optimised = cached('.wasm', linked, options.join(' '), dropper);
  once(optimised, (tmp) => {
    run(bin('wasm-opt'), [...options, input, '-o', tmp]);
    if (!entry.dropData) return;
    const { bytes, dropped } = dropUnreachableData(linked, readFileSync(tmp));
    writeFileSync(tmp, bytes);
    log(`  ${dropped} B of panic data dropped (${entry.name})`);
  });
  cpSync(optimised, entry.wasm);
}

/**
 * Assembles a hand-written WebAssembly text module (the main entry's js/strings.wat) with
 * binaryen's parser, with the GC and reference-types features it uses.
 */
async function assemble(watPath) {
  const { default: binaryen } = await import('binaryen');
  const module = binaryen.parseText(readFileSync(watPath, 'utf8'));
  try {
    module.setFeatures(binaryen.Features.ReferenceTypes | binaryen.Features.GC);
    if (!module.validate()) throw new Error(`${watPath} does not validate`);
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}

/**
 * A module's bytes as the string `bytesOf` (js/instantiate.ts) reads: the key `k`, then each
 * byte XOR `k` as one character. Every `k` is tried, printed as esbuild prints it in the bundle,
 * and the one whose literal gzips smallest is kept. Against the 256 shifts `(b + k) mod 256` this
 * replaced (2 Dec 2026): the browsers' file wtf8-wasm.cjs 15,998 -> 15,880 B gzip, encodings.cjs
 * 9,819 -> 9,730, inspect.cjs 4,940 -> 4,829 (the high bytes of WebAssembly's opcodes and LEB128
 * numbers print as two-byte UTF-8, and an XOR moves more of the frequent ones below 0x80); an XOR
 * then a shift, 65,536 pairs, would take the main file about 25 B further for a search 256 times
 * as long. Returns the string and its literal as esbuild prints it.
 */
async function embedded(bytes) {
  const keyFile = cached('.xor', bytes);
  if (existsSync(keyFile)) return embeddedWith(bytes, Number(readFileSync(keyFile, 'utf8')));
  let best;
  for (let k = 0; k < 256; k++) {
    const { code } = await printed(keyed(bytes, k));
    const size = gzipSync(code, { level: 9 }).length;
    if (best === undefined || size < best.size) best = { k, size };
  }
  once(keyFile, (tmp) => writeFileSync(tmp, String(best.k)));
  return embeddedWith(bytes, best.k);
}

/** `bytes` under the key `k`, as `bytesOf` reads them. */
const keyed = (bytes, k) => String.fromCharCode(k) + Array.from(bytes, (b) => String.fromCharCode(b ^ k)).join('');
/** `text` as esbuild prints it in a bundle. */
const printed = (text) =>
  esbuild.transform(`export const x = ${JSON.stringify(text)};`, { minify: true, charset: 'utf8', format: 'esm' });

/** `embedded`'s string and literal for the key `k`. */
async function embeddedWith(bytes, k) {
  const text = keyed(bytes, k);
  const { code } = await printed(text);
  const literal = /^const [\w$]+=(.*);export\{[^}]*\};?\s*$/s.exec(code)?.[1];
  if (literal === undefined || eval(literal) !== text) throw new Error('esbuild printed the bytes unexpectedly');
  return { text, literal };
}

/**
 * The wasm module's bytes go at the very end of each bundle, in a function declaration (hoisted, so
 * the bytes module's `wasmBytes = BYTES_AT_END()` reads them whatever runs first): gzip then
 * compresses the JavaScript as one run, the bytes after it (main entry: 0.19 kB gzip less than
 * the literal in the middle, where esbuild puts the module). In the ES module files terser (see
 * `bundle`) inlines the function and the bytes land in the middle again, at no cost measured
 * there: wtf8-wasm.mjs 15,878 B gzip, against 15,879 with terser's reduce_vars off, which keeps
 * them at the end (2 Dec 2026).
 */
const BYTES_AT_END = 'wtf8WasmBytesAtEnd';

// 3. Bundle. Virtual modules per entry: the generated glue, used as generated, the wasm bytes,
// and for the main entry the string-moves module. Returns the plugin and the footer the bundle
// must end with (the bytes: see BYTES_AT_END).
async function virtualModules({ prefix, out, name, wasm, strings }) {
  // The modules' bytes as strings of one character (U+0000..U+00FF) per byte (under a key: see
  // `embedded`), printed as UTF-8 by esbuild (charset: 'utf8' below): gzip then sees the module's
  // own bytes and compresses them almost as well as the binary (base64's 6-bit symbols hide the
  // byte structure from gzip: 21.0 kB gzip for the main module, against 16.8 kB unshifted).
  const wasmBytes = await embedded(readFileSync(wasm));
  const stringsBytes = strings && (await embedded(Buffer.from(await assemble(strings))));
  const glue = new RegExp(`^${prefix}:glue$`);
  const bytes = new RegExp(`^${prefix}:(bytes|strings)$`);
  const plugin = {
    name: `${prefix}-virtual`,
    setup(build) {
      build.onResolve({ filter: glue }, () => ({ path: join(out, `${name}_bg.js`) }));
      build.onResolve({ filter: bytes }, (args) => ({ path: args.path.slice(prefix.length + 1), namespace: prefix }));
      build.onLoad({ filter: /^bytes$/, namespace: prefix }, () => ({
        contents: `export const wasmBytes = ${BYTES_AT_END}();`,
        loader: 'js',
      }));
      build.onLoad({ filter: /^strings$/, namespace: prefix }, () => {
        if (!stringsBytes) throw new Error(`${prefix} has no strings module`);
        return { contents: `export const stringsBytes = ${stringsBytes.literal};`, loader: 'js' };
      });
    },
  };
  return { plugin, footer: `function ${BYTES_AT_END}(){return ${wasmBytes.literal}}` };
}
/**
 * The bundle's entry: the entry's source, whose public functions and classes then get their own
 * names back (`encode.name === 'encode'`), which minifying took. Only those: esbuild's
 * `keepNames` would keep every internal name too, which cost the main entry 1 kB gzip.
 */
function publicNames(source) {
  return {
    contents: [
      `import * as api from './${basename(source)}';`,
      `export * from './${basename(source)}';`,
      `for (const name of Object.keys(api))`,
      `  if (typeof api[name] === 'function') Object.defineProperty(api[name], 'name', { value: name, configurable: true });`,
    ].join('\n'),
    resolveDir: dirname(source),
    sourcefile: `${basename(source)} (public names)`,
    loader: 'js',
  };
}

rmSync(pkg, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
const banner = `/*! wtf8-wasm ${version} | MIT */`;
for (const entry of ENTRIES) {
  // Once per entry (the key search prints 256 candidates), shared by its two formats.
  const virtual = (entry.virtual = await virtualModules(entry));
  for (const files of entry.files) {
    for (const format of ['esm', 'cjs'].filter((f) => files[f])) {
      log(`» esbuild ${format} (${files[format]})`);
      await bundle(entry, virtual, format, files.rows ?? {}, join(dist, files[format]));
    }
  }
}

/** One bundle of `entry` (js/routes.ts `ROWS`: the rows set in `rows`). */
async function bundle(entry, virtual, format, rows, outfile) {
  await esbuild.build({
    stdin: publicNames(entry.source),
    bundle: true,
    format,
    platform: 'neutral',
    target: 'es2022',
    minify: true,
    // The embedded modules' bytes stay one UTF-8 character each (the default, 'ascii', would
    // spell most as \xNN escapes).
    charset: 'utf8',
    legalComments: 'inline',
    // Steps leave their names out of the published entries (js/plan.ts, STEP_NAMES).
    define: { STEP_NAMES: 'false', ...rowsDefine(rows) },
    banner: { js: banner },
    footer: { js: virtual.footer },
    outfile,
    plugins: [virtual.plugin],
    logLevel: 'warning',
  });
  // terser after esbuild's minifier (two compress passes, its mangler; the banner and the bytes'
  // characters kept as they are): 2 Dec 2026, wtf8-wasm.cjs 16,103 -> 15,991 B gzip, encodings.cjs
  // 9,730 -> 9,654, inspect.cjs 4,829 -> 4,787.
  const { code } = await minify(readFileSync(outfile, 'utf8'), {
    compress: { passes: 2 },
    mangle: true,
    module: format === 'esm',
    format: { comments: /^!/, ascii_only: false },
  });
  writeFileSync(outfile, code);
}

/** esbuild's `define` of js/routes.ts `ROWS`: each row group (and the builtins) present or not. */
function rowsDefine(rows) {
  const names = ['node', 'deno', 'bun', 'browsers', 'portable', 'builtins'];
  return Object.fromEntries(names.map((name) => [`ROWS.${name}`, String(rows[name] === true)]));
}

// The test entry (js/testing.ts: the API plus the plans' switches and steps), bundled the same way
// with the main entry's modules, outside pkg/: the tests run every plan through it (js/routes.ts).
const testing = join(root, 'target', 'testing');
const main = ENTRIES[0];
log('» esbuild esm (test entry, target/testing/wtf8-wasm-testing.mjs)');
await esbuild.build({
  entryPoints: [join(root, 'js', 'testing.ts')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  minify: true,
  charset: 'utf8',
  // Every row (js/routes.ts `ROWS`): the tests run every plan in every runtime.
  define: {
    STEP_NAMES: 'true',
    ...rowsDefine({ node: true, deno: true, bun: true, browsers: true, portable: true, builtins: true }),
  },
  banner: { js: `/*! wtf8-wasm ${version} test entry (not published) | MIT */` },
  footer: { js: main.virtual.footer },
  outfile: join(testing, 'wtf8-wasm-testing.mjs'),
  plugins: [main.virtual.plugin],
  logLevel: 'warning',
});

// 4. Type declarations, once as ESM and once under a CommonJS package scope for `require` users.
log('» tsc declarations');
run(bin('tsc'), ['-p', join(root, 'js', 'tsconfig.json'), '--outDir', join(dist, 'types')]);
cpSync(join(dist, 'types'), join(dist, 'types-cjs'), { recursive: true });
writeFileSync(join(dist, 'types-cjs', 'package.json'), '{ "type": "commonjs" }\n');
// Internal modules no public declaration refers to (package.test.mjs checks what remains).
const INTERNAL = [
  'wasm.d.ts',
  'instantiate.d.ts',
  'units.d.ts',
  'platform.d.ts',
  'moves.d.ts',
  'plan.d.ts',
  'routes.d.ts',
  'encode-steps.d.ts',
  'decode-steps.d.ts',
  'short.d.ts',
  'testing.d.ts',
  join('encodings', 'wasm.d.ts'),
];
for (const dir of ['types', 'types-cjs']) for (const file of INTERNAL) rmSync(join(dist, dir, file));

// 5. Hand-written files.
for (const name of readdirSync(join(root, 'pkg-template')))
  cpSync(join(root, 'pkg-template', name), join(pkg, name), { recursive: true });
cpSync(join(root, 'LICENSE'), join(pkg, 'LICENSE'));
// The npm README is README.md up to its marker: the user-facing part, without the developers'.
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const marker = readme.indexOf(NPM_README_END);
if (marker < 0) throw new Error(`README.md has no "${NPM_README_END}" marker`);
writeFileSync(join(pkg, 'README.md'), readme.slice(0, marker).trimEnd() + '\n');
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
for (const entry of ENTRIES) {
  for (const files of entry.files) {
    for (const file of [files.esm, files.cjs].filter(Boolean)) {
      const data = readFileSync(join(finalPkg, 'dist', file));
      sizes[file] = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    }
  }
  const wasm = readFileSync(entry.wasm);
  sizes[`(wasm inside ${entry.prefix})`] = {
    raw: wasm.length,
    gzip: gzipSync(wasm, { level: 9 }).length,
  };
}
log(`» built wtf8-wasm ${version} in ${finalPkg}`);
for (const [file, s] of Object.entries(sizes))
  log(`  ${file.padEnd(28)} ${String(s.raw).padStart(7)} B raw ${String(s.gzip).padStart(7)} B gzip`);
