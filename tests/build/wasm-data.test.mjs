// scripts/wasm-data.mjs, which drops the panic data that the main module's code no longer reaches
// after wasm-opt: on a module made for it (what goes and what stays, checked by running it), and on
// the module the browsers' file embeds (no panic message or file name of the core is left in it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import binaryen from 'binaryen';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropUnreachableData } from '../../scripts/wasm-data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The binary of the module text `wat` (binaryen's parser), with its names. */
function assemble(wat) {
  const module = binaryen.parseText(wat);
  const debugInfo = binaryen.getDebugInfo();
  binaryen.setDebugInfo(true);
  try {
    return module.emitBinary();
  } finally {
    binaryen.setDebugInfo(debugInfo);
    module.dispose();
  }
}

// One data segment per object, as `--no-merge-data-segments` links them. The panic takes the
// location L, which points to its file name F.
const DATA = `
  (memory (export "memory") 1)
  (data (i32.const 1000) "\\01\\02\\03\\04")
  (data (i32.const 2000) "\\05\\06\\07\\08")
  (data (i32.const 2100) "\\0b")
  (data (i32.const 2200) "\\09\\0a")
  (data (i32.const 3000) "\\1c\\0c\\00\\00\\04\\00\\00\\00")
  (data (i32.const 3100) "f.rs")
  (data (i32.const 4000) "\\04\\10\\00\\00")
  (data (i32.const 4100) "hi")
  (data (i32.const 5000) "\\2a\\00\\00\\00")
  (data (i32.const 6000) "\\07")
  (data (i32.const 6100) "\\70\\17\\00\\00")
  (func (export "a") (result i32) (i32.load (i32.const 1000)))
  ;; B read at (i + B - 100): an index folded into the constant, 100 bytes before B.
  (func (export "b") (param i32) (result i32) (i32.load8_u (i32.add (local.get 0) (i32.const 1900))))
  ;; D holds the address of "hi".
  (func (export "d") (result i32) (i32.load16_u (i32.load (i32.const 4000))))
  ;; 6100 holds the address of 6000, which a panic takes too.
  (func (export "n") (result i32) (i32.load8_u (i32.load (i32.const 6100))))`;

// Before wasm-opt: L, M and 6000 are what panics take.
const LINKED = `(module ${DATA}
  (func $core::panicking::panic_bounds_check (param i32) (unreachable))
  (func (export "check") (param i32)
    (if (local.get 0) (then (call $core::panicking::panic_bounds_check (i32.const 3000))))
    (if (local.get 0) (then (call $core::panicking::panic_bounds_check (i32.const 6000)))))
  (func (export "m") (param i32) (result i32)
    (if (local.get 0) (then (call $core::panicking::panic_bounds_check (i32.const 5000))))
    (i32.const 0)))`;

// After: the panic's call is gone (as wasm-opt removes it once the panic only traps), and a
// constant within M is left (the rule that keeps it is there in case wasm-opt ever leaves one).
const OPTIMISED = `(module ${DATA}
  (func (export "check") (param i32) (if (local.get 0) (then (unreachable))))
  (func (export "m") (param i32) (result i32) (i32.load (i32.const 5000))))`;

test('the data only a removed panic took goes; what the code reads, or a kept object points to, stays', async () => {
  const { bytes, dropped } = dropUnreachableData(assemble(LINKED), assemble(OPTIMISED));
  // L (3 bytes not zero) and F (4): gone.
  assert.equal(dropped, 3 + 4);
  const { instance } = await WebAssembly.instantiate(bytes);
  const { a, b, d, m, n, memory } = instance.exports;
  const at = (address, length) => [...new Uint8Array(memory.buffer, address, length)];
  assert.equal(a(), 0x04030201);
  assert.deepEqual([b(100), b(101), b(102), b(103)], [5, 6, 7, 8]);
  assert.equal(d(), 0x6968);
  assert.equal(m(0), 42);
  assert.equal(n(), 7);
  // Not a panic's: kept, though nothing reads them.
  assert.deepEqual(at(2100, 3), [0x0b, 0, 0]);
  assert.deepEqual(at(2200, 2), [9, 10]);
  assert.deepEqual(at(3000, 8), Array(8).fill(0));
  assert.deepEqual(at(3100, 4), [0, 0, 0, 0]);
});

test('a module that imports its memory is refused', () => {
  const imported = (body) => `(module (import "env" "memory" (memory 1)) (data (i32.const 8) "x") ${body})`;
  assert.throws(() => dropUnreachableData(assemble(imported('')), assemble(imported(''))), /imports its memory/);
});

test("the browsers' file embeds a module with no panic message or file name of the core", () => {
  // wtf8-wasm.cjs keeps the function that returns the embedded bytes (scripts/build.mjs,
  // BYTES_AT_END): a string literal, the first character its key (js/instantiate.ts, bytesOf).
  const source = readFileSync(join(root, 'pkg', 'dist', 'wtf8-wasm.cjs'), 'utf8');
  const head = 'function wtf8WasmBytesAtEnd(){return';
  const from = source.indexOf(head) + head.length;
  assert.ok(from > head.length, 'the bytes function is in the file');
  const quote = source[from];
  let end = from + 1;
  while (source[end] !== quote) end += source[end] === '\\' ? 2 : 1;
  const text = new Function(`return ${source.slice(from, end + 1)}`)();
  const key = text.charCodeAt(0);
  const module = Buffer.from([...text.slice(1)].map((c) => c.charCodeAt(0) ^ key));
  assert.ok(WebAssembly.validate(module), 'the embedded bytes are a module');
  for (const needle of ['src/', '.rs', 'out of range for slice', 'slice index starts']) {
    assert.ok(!module.includes(needle), `the module holds "${needle}"`);
  }
  const exports = WebAssembly.Module.exports(new WebAssembly.Module(module)).map((e) => e.name);
  assert.ok(exports.includes('decode_stream') && exports.includes('encode_wtf8'), exports.join());
});
