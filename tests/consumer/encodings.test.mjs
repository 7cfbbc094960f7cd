// The `wtf8-wasm/encodings` subpath as a user gets it from the packed tarball (installed offline
// into a scratch project by support.mjs): `require('wtf8-wasm/encodings')` and
// `import ... from 'wtf8-wasm/encodings'` in fresh Node processes, both entries in one process,
// and its type declarations through the exports map (tsc, module nodenext ESM + CJS, and bundler).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, createScratch, parseReport, run, runOk } from './support.mjs';

let scratch;
before(async () => {
  scratch = await createScratch('encodings');
  writeFileSync(join(scratch.app, 'encodings-smoke.mjs'), SMOKE);
  writeFileSync(join(scratch.app, 'run-encodings-esm.mjs'), RUN_ESM);
  writeFileSync(join(scratch.app, 'run-encodings-cjs.cjs'), RUN_CJS);
  writeFileSync(join(scratch.app, 'types-encodings.ts'), TYPES);
  // The same user code as CommonJS: in a .cts file, imports resolve with the "require" condition.
  writeFileSync(join(scratch.app, 'types-encodings.cts'), TYPES);
});
after(() => scratch?.cleanup());

/** One body of checks, run unmodified by the ESM and the CommonJS runner; returns the check names. */
const SMOKE = `
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
function check(name, ok, got) {
  if (!ok) throw new Error('encodings check "' + name + '" failed: got ' + got);
  return name;
}
export function smoke(api) {
  const done = [];
  const s = 'a\\uD83Db\\u{1F600}';
  done.push(check('utf-16 lossless', api.decodeUtf16(api.encodeUtf16(s, { byteOrder: 'le' }), { byteOrder: 'le', fatal: true }) === s, ''));
  done.push(check('utf-16 bytes', hex(api.encodeUtf16('a\\uD83D', { byteOrder: 'be', bom: true })) === 'feff0061d83d', hex(api.encodeUtf16('a\\uD83D', { byteOrder: 'be', bom: true }))));
  done.push(check('utf-32 surrogatepass', api.decodeUtf32(api.encodeUtf32(s, { byteOrder: 'be', surrogates: 'pass' }), { surrogates: 'pass' }) === s, ''));
  done.push(check('cesu-8', hex(api.encodeCesu8('\\u{1F600}')) === 'eda0bdedb880', hex(api.encodeCesu8('\\u{1F600}'))));
  done.push(check('modified utf-8 and writeUTF', hex(api.writeUTF('\\0')) === '0002c080' && api.readUTF(api.writeUTF(s)).value === s, hex(api.writeUTF('\\0'))));
  const bytes = new Uint8Array([0xff, 0x61, 0xc0, 0xed, 0xa0, 0x80]);
  done.push(check('utf-8b round trip', hex(api.encodeUtf8b(api.decodeUtf8b(bytes))) === hex(bytes), ''));
  done.push(check('corrected utf-8', hex(api.encodeCorrectedUtf8(new Uint32Array([0x8421109f]))) === 'fdbfbfbfbfbf', ''));
  let error;
  try {
    api.encodeCesu8('a\\uD83Db', { fatal: true });
  } catch (e) {
    error = e;
  }
  done.push(check('strict error', error instanceof api.Wtf8Error && error.name === 'Wtf8Error' && error.code === 'LONE_SURROGATE' && error.index === 1, String(error)));
  let typeError;
  try {
    api.decodeCesu8('not bytes');
  } catch (e) {
    typeError = e;
  }
  done.push(check('TypeError', typeError && typeError.constructor === TypeError, String(typeError)));
  return done;
}
`;
const CHECK_NAMES = [
  'utf-16 lossless',
  'utf-16 bytes',
  'utf-32 surrogatepass',
  'cesu-8',
  'modified utf-8 and writeUTF',
  'utf-8b round trip',
  'corrected utf-8',
  'strict error',
  'TypeError',
];

const RUN_ESM = `
import * as api from 'wtf8-wasm/encodings';
import { smoke } from './encodings-smoke.mjs';
// Ready in the first tick: no await before the first call.
const checks = smoke(api);
console.log(JSON.stringify({ module: 'esm', resolved: import.meta.resolve('wtf8-wasm/encodings'), checks }));
`;
const RUN_CJS = `
const api = require('wtf8-wasm/encodings');
import('./encodings-smoke.mjs').then(({ smoke }) => {
  const checks = smoke(api);
  console.log(JSON.stringify({ module: 'cjs', resolved: require.resolve('wtf8-wasm/encodings'), checks }));
}, (error) => { console.error(error); process.exitCode = 1; });
`;

/** User code for tsc: every export of 'wtf8-wasm/encodings', used as documented. Compiled only. */
const TYPES = `import {
  encodeUtf16, decodeUtf16, encodeUtf32, decodeUtf32, encodeCesu8, decodeCesu8, encodeModifiedUtf8, decodeModifiedUtf8,
  writeUTF, readUTF, encodeUtf8b, decodeUtf8b, encodeCorrectedUtf8, decodeCorrectedUtf8, decodeCorrectedUtf8CodePoints,
  CORRECTED_UTF8_MAGIC, CORRECTED_UTF8_MAX, Wtf8Error,
  type ByteOrder, type Surrogates, type EncodeUtf16Options, type DecodeUtf32Options, type ReadUTFResult,
  type CorrectedUtf8Options, type Wtf8ErrorCode,
} from 'wtf8-wasm/encodings';

const order: ByteOrder = 'le';
const surrogates: Surrogates = 'pass';
const utf16Options: EncodeUtf16Options = { byteOrder: order, bom: true };
const bytes: Uint8Array<ArrayBuffer> = encodeUtf16('a', utf16Options);
const text: string = decodeUtf16(bytes) + decodeUtf16(bytes.buffer, { byteOrder: 'be', fatal: true });
const utf32Options: DecodeUtf32Options = { surrogates, fatal: false };
const more: string = decodeUtf32(encodeUtf32(text, { byteOrder: 'be', surrogates }), utf32Options);
const cesu: Uint8Array<ArrayBuffer> = encodeCesu8(more, { fatal: true });
const frame: ReadUTFResult = readUTF(writeUTF(decodeCesu8(cesu) + decodeModifiedUtf8(encodeModifiedUtf8('x'), { fatal: true })));
const n: number = frame.bytesRead + frame.value.length;
const escaped: string = decodeUtf8b(encodeUtf8b('caf\\uDCE9'));
const corrected: CorrectedUtf8Options = { document: true };
const codePoints: Uint32Array<ArrayBuffer> = decodeCorrectedUtf8CodePoints(encodeCorrectedUtf8(new Uint32Array([CORRECTED_UTF8_MAX]), corrected), corrected);
const magic: readonly number[] = CORRECTED_UTF8_MAGIC;
const code: Wtf8ErrorCode = 'FOUR_BYTE_FORM';
try {
  decodeCorrectedUtf8(new Uint8Array(magic), { fatal: true });
} catch (e) {
  if (e instanceof Wtf8Error && e.code === code) console.log(e.offset, e.length, e.index, n, escaped, codePoints.length);
}
`;

test('ESM: import from "wtf8-wasm/encodings" resolves to dist/encodings.mjs and works in the first tick', async () => {
  const { code, stdout, stderr } = await run(process.execPath, ['run-encodings-esm.mjs'], { cwd: scratch.app });
  assert.equal(code, 0, stderr);
  const report = parseReport(stdout);
  assert.equal(
    new URL(report.resolved).pathname,
    join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'encodings.mjs'),
  );
  assert.deepEqual(report.checks, CHECK_NAMES);
  assert.equal(stderr, '');
});

test('CommonJS: require("wtf8-wasm/encodings") resolves to dist/encodings.cjs and works', async () => {
  const { code, stdout, stderr } = await run(process.execPath, ['run-encodings-cjs.cjs'], { cwd: scratch.app });
  assert.equal(code, 0, stderr);
  const report = parseReport(stdout);
  assert.equal(report.resolved, join(scratch.app, 'node_modules', 'wtf8-wasm', 'dist', 'encodings.cjs'));
  assert.deepEqual(report.checks, CHECK_NAMES);
  assert.equal(stderr, '');
});

test('both entries in one process: separate modules, Wtf8Errors that agree on name and code', async () => {
  const probe = `
    const main = require('wtf8-wasm');
    const encodings = require('wtf8-wasm/encodings');
    const caught = (run) => { try { run(); } catch (e) { return e; } };
    const a = caught(() => main.toUtf8('\\uD800', { fatal: true }));
    const b = caught(() => encodings.encodeCesu8('\\uD800', { fatal: true }));
    console.log(JSON.stringify({
      names: [a.name, b.name], codes: [a.code, b.code], indexes: [a.index, b.index],
      sameClass: main.Wtf8Error === encodings.Wtf8Error,
      mainHasEncodings: 'encodeCesu8' in main,
      wtf8: Buffer.from(main.encode('\\uD800')).toString('hex'),
    }));`;
  const { stdout } = await runOk(process.execPath, ['--input-type=commonjs', '-e', probe], { cwd: scratch.app });
  assert.deepEqual(JSON.parse(stdout), {
    names: ['Wtf8Error', 'Wtf8Error'],
    codes: ['LONE_SURROGATE', 'LONE_SURROGATE'],
    indexes: [0, 0],
    sameClass: false,
    mainHasEncodings: false,
    wtf8: 'eda080',
  });
});

test('the exports map exposes "./encodings" and nothing under dist/', async () => {
  const probe = `
    const out = {};
    for (const spec of ['wtf8-wasm/encodings', 'wtf8-wasm/dist/encodings.cjs', 'wtf8-wasm/encodings.cjs', 'wtf8-wasm/dist/types/encodings/index.d.ts']) {
      try { out[spec] = require.resolve(spec).replace(/^.*node_modules\\//, ''); } catch (e) { out[spec] = e.code; }
    }
    console.log(JSON.stringify(out));`;
  const { stdout } = await runOk(process.execPath, ['--input-type=commonjs', '-e', probe], { cwd: scratch.app });
  assert.deepEqual(JSON.parse(stdout), {
    'wtf8-wasm/encodings': 'wtf8-wasm/dist/encodings.cjs',
    'wtf8-wasm/dist/encodings.cjs': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    'wtf8-wasm/encodings.cjs': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
    'wtf8-wasm/dist/types/encodings/index.d.ts': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
  });
});

/** Writes tsconfig.<name>.json into the scratch project and runs tsc on it. */
async function tsc(name, compilerOptions, files) {
  const config = `tsconfig.${name}.json`;
  writeFileSync(join(scratch.app, config), JSON.stringify({ compilerOptions, files }, null, 2));
  const result = await run(bin('tsc'), ['-p', config, '--pretty', 'false', '--explainFiles'], { cwd: scratch.app });
  return { ...result, output: result.stdout + result.stderr };
}
const STRICT = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: 'es2022',
  noUncheckedIndexedAccess: true,
  lib: ['es2022', 'dom'],
  types: [],
};

test('types: "wtf8-wasm/encodings" type-checks from ESM and CommonJS (nodenext) and with bundler resolution, each against its own declarations', async () => {
  const nodenext = await tsc('encodings-nodenext', { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext' }, [
    'types-encodings.ts',
    'types-encodings.cts',
  ]);
  assert.equal(nodenext.code, 0, nodenext.output);
  assert.match(
    nodenext.output,
    /^node_modules\/wtf8-wasm\/dist\/types\/encodings\/index\.d\.ts\n(\s+.*\n)*?\s+Imported via 'wtf8-wasm\/encodings' from file 'types-encodings\.ts'/m,
  );
  assert.match(
    nodenext.output,
    /^node_modules\/wtf8-wasm\/dist\/types-cjs\/encodings\/index\.d\.ts\n(\s+.*\n)*?\s+Imported via 'wtf8-wasm\/encodings' from file 'types-encodings\.cts'/m,
  );
  const bundler = await tsc('encodings-bundler', { ...STRICT, module: 'esnext', moduleResolution: 'bundler' }, [
    'types-encodings.ts',
  ]);
  assert.equal(bundler.code, 0, bundler.output);
});
