// The package's type declarations as a TypeScript user gets them from the installed tarball:
// tsc (the dev dependency) with --noEmit, strict and skipLibCheck off, so the published .d.ts
// files are checked too. fixtures/types-*.ts hold the user code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, createScratch, root, run } from './support.mjs';

let scratch;
before(async () => {
  scratch = await createScratch('typescript');
});
after(() => scratch?.cleanup());

const STRICT = { strict: true, noEmit: true, skipLibCheck: false, target: 'es2022', noUncheckedIndexedAccess: true };
const DOM = { lib: ['es2022', 'dom', 'dom.iterable'], types: [] };
// A Node-only project: no DOM lib, Node's globals from @types/node (the dev root's copy).
const NODE_ONLY = { lib: ['es2022'], types: ['node'], typeRoots: [join(root, 'node_modules', '@types')] };
const NODENEXT = { module: 'nodenext', moduleResolution: 'nodenext' };
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler' };

/** Writes tsconfig.<name>.json into the scratch project and runs tsc on it. */
async function tsc(name, compilerOptions, files, extraArgs = []) {
  const config = `tsconfig.${name}.json`;
  writeFileSync(join(scratch.app, config), JSON.stringify({ compilerOptions, files }, null, 2));
  const result = await run(bin('tsc'), ['-p', config, '--pretty', 'false', ...extraArgs], { cwd: scratch.app });
  return { ...result, output: result.stdout + result.stderr };
}

/** "file(line,col): error TSxxxx" → ["file:line TSxxxx", ...] */
const diagnostics = (output) =>
  [...output.matchAll(/^(\S+)\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);

test('tsc version', async (t) => {
  const { code, stdout } = await run(bin('tsc'), ['--version']);
  assert.equal(code, 0);
  assert.match(stdout, /Version \d+\.\d+/);
  t.diagnostic(`tsc: ${stdout.trim()}`);
});

test('module nodenext: every export type-checks from ESM (.ts) and CommonJS (.cts), each against its own declarations', async () => {
  const { code, output } = await tsc(
    'nodenext',
    { ...STRICT, ...DOM, ...NODENEXT },
    ['types-esm.ts', 'types-cjs.cts'],
    ['--explainFiles'],
  );
  assert.deepEqual(diagnostics(output), []);
  assert.equal(code, 0, output);
  // `import` takes the "import" condition's types, `require` the "require" condition's (CommonJS scope).
  assert.match(
    output,
    /^node_modules\/wtf8-wasm\/dist\/types\/index\.d\.ts\n(\s+.*\n)*?\s+Imported via 'wtf8-wasm' from file 'types-esm\.ts'/m,
  );
  assert.match(
    output,
    /^node_modules\/wtf8-wasm\/dist\/types-cjs\/index\.d\.ts\n(\s+.*\n)*?\s+Imported via 'wtf8-wasm' from file 'types-cjs\.cts'/m,
  );
  assert.match(
    output,
    /^node_modules\/wtf8-wasm\/dist\/types-cjs\/index\.d\.ts\n(\s+.*\n)*?\s+File is CommonJS module/m,
  );
});

test('moduleResolution bundler (Vite/webpack projects): the ESM user code type-checks', async () => {
  const { code, output } = await tsc(
    'bundler',
    { ...STRICT, ...DOM, ...BUNDLER },
    ['types-esm.ts'],
    ['--explainFiles'],
  );
  assert.deepEqual(diagnostics(output), []);
  assert.equal(code, 0, output);
  assert.match(
    output,
    /^node_modules\/wtf8-wasm\/dist\/types\/index\.d\.ts\n(\s+.*\n)*?\s+Imported via 'wtf8-wasm' from file 'types-esm\.ts'/m,
  );
});

test('a Node-only project (@types/node, no DOM lib) type-checks', async () => {
  const { code, output } = await tsc('node-only', { ...STRICT, ...NODE_ONLY, ...NODENEXT }, [
    'types-esm.ts',
    'types-cjs.cts',
  ]);
  assert.deepEqual(diagnostics(output), []);
  assert.equal(code, 0, output);
});

test('wrong use is rejected with the expected errors', async () => {
  const { code, output } = await tsc('bad', { ...STRICT, ...DOM, ...NODENEXT }, ['types-bad.ts']);
  assert.notEqual(code, 0, 'tsc accepted a file full of type errors');
  assert.deepEqual(diagnostics(output), [
    'types-bad.ts:5 TS2345', // encode(42)
    'types-bad.ts:6 TS2345', // decode('not bytes')
    'types-bad.ts:7 TS2561', // toUtf8('x', { fatl: true }): unknown option, "did you mean 'fatal'?"
    'types-bad.ts:8 TS2339', // Wtf8Error has no `position`
    'types-bad.ts:9 TS2345', // 'NOT_A_CODE' is not a Wtf8ErrorCode
    'types-bad.ts:10 TS2322', // encode() returns bytes, not a string
    'types-bad.ts:11 TS2322', // { stream: 'yes' }
    'types-bad.ts:12 TS2769', // new Wtf8Decoder(42): no overload takes a number
    'types-bad.ts:13 TS2559', // new Wtf8Decoder('wtf-8', 'fatal'): a string has nothing in common with the options
    'types-bad.ts:14 TS2345', // new Wtf8Decoder(options, options): the (label, options) overload wants a string first
    'types-bad.ts:15 TS2554', // a third argument
    'types-bad.ts:16 TS2561', // new Wtf8DecoderStream('wtf-8', { ignoreBom }): "did you mean 'ignoreBOM'?"
    'types-bad.ts:17 TS2322', // ignoreBOM is a boolean, not `true`
    'types-bad.ts:18 TS2561', // decode(bytes, { ignoreBom }): "did you mean 'ignoreBOM'?"
  ]);
  assert.match(output, /Property 'position' does not exist on type 'Wtf8Error'/);
});

// Returned bytes are Uint8Array<ArrayBuffer> (TypeScript >= 5.7), which the DOM's byte sinks require.
test('returned bytes are accepted by Blob, File, crypto.subtle, Response and fetch bodies', async () => {
  const { code, output } = await tsc('platform', { ...STRICT, ...DOM, ...NODENEXT }, ['types-platform.ts']);
  assert.deepEqual(diagnostics(output), []);
  assert.equal(code, 0, output);
});

test("exactOptionalPropertyTypes: an error's own fields make a Wtf8ErrorPosition", async () => {
  const { code, output } = await tsc('exact', { ...STRICT, ...DOM, ...NODENEXT, exactOptionalPropertyTypes: true }, [
    'types-exact.ts',
  ]);
  assert.deepEqual(diagnostics(output), []);
  assert.equal(code, 0, output);
});
