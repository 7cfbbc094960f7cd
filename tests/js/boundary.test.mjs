// The lossless boundary: payload text must never cross into wasm as &str/String/char (wasm-bindgen
// converts those with TextEncoder, replacing lone surrogates) and never come back through
// TextDecoder('utf-16le') (which replaces them too). These tests fail if anyone "simplifies" that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { wtf8, root, pkgDir, naiveEncode, hex, MAIN_FILES, NODE_FILE } from './support.mjs';

const { encode, decode, toUtf8, Wtf8Error } = wtf8;

// The runs under tests/js/portable-preload.mjs test the paths of a runtime without what the
// preload hides: the published entry must have built its plan without it (js/platform.ts looks
// Node's parts up when the plan is built, which the preload has a call do while they are hidden).
// So these first calls of the file, with every read of what was hidden recorded, read none of it.
const preloaded = process.execArgv.some((arg) => arg.includes('portable-preload'));
const hidden = preloaded ? (process.env.WTF8_HIDE ?? 'Buffer,getBuiltinModule,isWellFormed').split(',') : [];
const readsOfHidden = firstCalls();

function firstCalls() {
  const saved = [
    [globalThis, 'Buffer'],
    [process, 'getBuiltinModule'],
  ]
    .filter(([, name]) => hidden.includes(name))
    .map(([owner, name]) => [owner, name, Object.getOwnPropertyDescriptor(owner, name)]);
  const reads = [];
  for (const [owner, name, descriptor] of saved) {
    Object.defineProperty(owner, name, {
      get: () => (reads.push(name), descriptor.value ?? descriptor.get.call(owner)),
      configurable: true,
    });
  }
  try {
    const long = 'a\uD800中😀'.repeat(20_000);
    assert.equal(decode(encode(long)), long);
    assert.equal(decode(encode('é\uDC00')), 'é\uDC00');
    wtf8.encodeInto('\uD800ab', new Uint8Array(16));
    assert.equal(wtf8.wtf8ToUtf8(encode(long)).length, Buffer.byteLength(long.toWellFormed()));
    assert.equal(toUtf8(long).length, Buffer.byteLength(long.toWellFormed()));
    assert.equal(wtf8.isWtf8(encode(long)), true);
  } finally {
    for (const [owner, name, descriptor] of saved) Object.defineProperty(owner, name, descriptor);
  }
  return reads;
}

test(
  'under the preload, the published entry never looks at what the preload hid',
  { skip: !hidden.includes('Buffer') && !hidden.includes('getBuiltinModule') && 'nothing of Node is hidden here' },
  () => assert.deepEqual(readsOfHidden, []),
);

test('no #[wasm_bindgen] export takes or returns &str, String or char', () => {
  const source = readFileSync(join(root, 'bindings', 'main', 'src', 'lib.rs'), 'utf8');
  const signatures = [...source.matchAll(/#\[wasm_bindgen[^\]]*\]\s*(?:impl[\s\S]*?\{)?[\s\S]*?\bpub fn [^{]+/g)].map(
    (m) => m[0],
  );
  const exports = [...source.matchAll(/\bpub fn (\w+)\s*\(([^)]*)\)\s*(->\s*[^{]+)?/g)];
  assert.ok(signatures.length > 5 && exports.length > 5, 'found the exports');
  for (const [, name, params, ret = ''] of exports) {
    assert.doesNotMatch(`${params} ${ret}`, /&\s*str\b|\bString\b|\bchar\b/, `${name}(${params}) ${ret}`);
  }
});

test('the generated glue never converts payload strings, and nothing decodes UTF-16 with TextDecoder', () => {
  const glue = readFileSync(join(root, 'target', 'wasm-pack', 'wtf8_wasm_bg.js'), 'utf8');
  assert.doesNotMatch(
    glue,
    /passStringToWasm|encodeString|cachedTextEncoder/,
    'a string parameter crept into the bindings',
  );
  for (const file of MAIN_FILES) {
    const bundle = readFileSync(join(pkgDir, 'dist', file), 'utf8');
    // Every label under which TextDecoder decodes UTF-16 (WHATWG Encoding Standard).
    const labels =
      /["'`](utf-16|utf-16le|utf-16be|unicode|unicodefeff|unicodefffe|ucs-2|csunicode|iso-10646-ucs-2)["'`]/i;
    assert.doesNotMatch(bundle, labels, `${file} must not decode UTF-16 with TextDecoder`);
  }
});

test('a lone surrogate slid across the wasm chunk boundaries survives every conversion', () => {
  const length = 70_000; // longer than one encode chunk (21,845 units) and one decode chunk (65,536 bytes)
  const base = 'a'.repeat(length);
  const indices = new Set([0, 1, length - 1]);
  for (const boundary of [21_845, 43_690, 65_535, 65_536]) for (let d = -4; d <= 4; d++) indices.add(boundary + d);
  for (let i = 0; i < 64; i++) indices.add((i * 7919) % length);
  for (const unit of [0xd800, 0xdbff, 0xdc00, 0xdfff]) {
    for (const at of indices) {
      const s = base.slice(0, at) + String.fromCharCode(unit) + base.slice(at + 1);
      const bytes = encode(s);
      assert.equal(bytes.length, length + 2);
      assert.deepEqual(
        [bytes[at], bytes[at + 1], bytes[at + 2]],
        naiveEncode(String.fromCharCode(unit)),
        `unit ${unit.toString(16)} at ${at}`,
      );
      assert.equal(decode(bytes), s, `decode at ${at}`);
      assert.equal(decode(bytes, { fatal: true }), s, `strict decode at ${at}`);
      assert.throws(
        () => toUtf8(s, { fatal: true }),
        (e) => e instanceof Wtf8Error && e.index === at,
        `strict toUtf8 at ${at}`,
      );
    }
  }
});

test('a surrogate pair split across an encode chunk boundary stays one 4-byte sequence', () => {
  for (const at of [21_843, 21_844, 21_845, 21_846]) {
    const s = 'b'.repeat(at) + '\uD83D\uDE00' + '\uDC00' + 'c'.repeat(100);
    assert.equal(hex(encode(s).subarray(at, at + 7)), 'f09f9880edb080', `pair at ${at}`);
    assert.equal(decode(encode(s)), s);
  }
});

test('strings past the reusable output buffer (over 1.4 million units) encode exactly, on every path', () => {
  const units = 1_500_000;
  const latin1 = 'caf\u00e9 na\u00efve '.repeat(units / 12 + 1).slice(0, units);
  const twoByte = '\u043f\u0440\u0438\u0432\u0435\u0442 \u4f60\u597d '.repeat(units / 10 + 1).slice(0, units);
  const withLone = latin1.slice(0, 1_000_000) + '\uDC00' + latin1.slice(1_000_000);
  for (const [name, s] of [
    ['Latin-1', latin1],
    ['two-byte', twoByte],
    ['Latin-1 with a lone surrogate', withLone],
  ]) {
    const bytes = encode(s);
    assert.ok(bytes.equals === undefined, `${name}: a plain Uint8Array, not a Buffer`);
    assert.equal(bytes.byteLength, bytes.buffer.byteLength, `${name}: the result owns exactly its bytes`);
    assert.ok(
      Buffer.compare(Buffer.from(bytes), Buffer.from(naiveEncode(s))) === 0,
      `${name}: encode equals the reference`,
    );
    assert.equal(decode(bytes), s, `${name}: round trip`);
  }
});

test("the chunk sizes the JavaScript side assumes are the wasm module's, and the module compiles on first need", async () => {
  const api = await import(pathToFileURL(join(root, 'target', 'testing', 'wtf8-wasm-testing.mjs')).href);
  const { assumed, module } = api.chunkSizes();
  assert.deepEqual(assumed, module);
  // A fresh process: importing compiles no wasm; the first call that needs it does (a byte that is
  // never UTF-8 goes to wasm on every plan).
  const entry = pathToFileURL(join(pkgDir, 'dist', NODE_FILE)).href;
  const script = `
    let made = 0;
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = new Proxy(Instance, { construct(t, a, n) { made++; return Reflect.construct(t, a, n); } });
    const m = await import(${JSON.stringify(entry)});
    const atImport = made;
    m.encode('short'); m.decode(new Uint8Array([0x61, 0x62]));
    const afterShort = made;
    m.decode(new Uint8Array([0xff]));
    process.stdout.write(JSON.stringify([atImport, afterShort, made]));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  const [atImport, afterShort, afterWasm] = JSON.parse(out);
  assert.equal(atImport, 0, 'no module is instantiated at import');
  assert.equal(afterShort, 0, 'short input the platform or the loops serve needs no wasm');
  assert.ok(afterWasm >= 1, 'the first call that needs wasm instantiates it');
});

test('a call that goes to wasm outside the plan works as the first call of a process', () => {
  // The plan is bound by the first call that needs it (js/routes.ts); wasm binds it as it starts,
  // for the plan's moves of code units. Each of these goes to wasm without the plan; each runs first
  // in a fresh process, against the naive reference or what this process (warm) gives; in Node's
  // file and in the browsers' (here its portable row), the two with different moves.
  const long = 'a\uD800\u00e9\uDFFF\u4e2d'.repeat(300);
  const firsts = {
    encodeInto: [
      `const out = new Uint8Array(4000); const r = m.encodeInto(${JSON.stringify(long)}, out); return [r.read, r.written, ...out.subarray(0, r.written)];`,
      () => {
        const out = new Uint8Array(4000);
        const r = wtf8.encodeInto(long, out);
        return [r.read, r.written, ...out.subarray(0, r.written)];
      },
    ],
    toUtf8Fatal: [
      `try { m.toUtf8(${JSON.stringify(long)}, { fatal: true }); return 'no error'; } catch (e) { return [e.code, e.index]; }`,
      () => ['LONE_SURROGATE', 1],
    ],
    encoder: [`return [...new m.Wtf8Encoder().encode(${JSON.stringify(long)})];`, () => [...naiveEncode(long)]],
    concat: [
      `return [...m.concat([new Uint8Array([0xed, 0xa0, 0xbd]), new Uint8Array([0xed, 0xb8, 0x80])])];`,
      () => [...encode('\uD83D\uDE00')],
    ],
  };
  for (const file of [NODE_FILE, 'wtf8-wasm.mjs']) {
    const entry = pathToFileURL(join(pkgDir, 'dist', file)).href;
    for (const [name, [body, expected]] of Object.entries(firsts)) {
      const script = `const m = await import(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify((() => { ${body} })()));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.deepEqual(JSON.parse(out), expected(), `${file}: ${name} as the first call`);
    }
  }
});
