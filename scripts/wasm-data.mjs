// Drops the data of a wasm module that only its panics used: the messages, `Location`s and file
// names of the core's bounds checks. The bindings' panic handler traps without reading them
// (bindings/convention), and wasm-opt removes every use of them once the panics are `unreachable`,
// but the linker had already placed them and binaryen removes no data. In the main module they
// were 648 of its 1,185 bytes of data (not counting zeros): without them it is 15,584 -> 14,498 B,
// 7,116 -> 6,688 B gzip, and the browsers' file 15,937 -> 15,503 B gzip (3 Dec 2026). (In LLVM's
// output each panic still passes them to `core::panicking::panic_fmt`, whose body is a trap after
// inlining; the stable toolchain has no `-Z location-detail=none` or `panic_immediate_abort`.)
//
// How. The linker keeps one data segment per object (`--no-merge-data-segments`, set by
// scripts/build.mjs), so the module wasm-opt reads says where each object starts and ends, and
// its names say which calls are panics. A panic's objects are those a call to one of `core`'s
// panic functions takes as an argument, and what they point to. Every other object stays, and so
// does a panic's object that any other constant of the code (an `i32`, `i64` or `v128` constant,
// or a load's or store's offset), before or after wasm-opt, falls within, or that an object that
// stays points into. The rest become zeros, which the module's own memory holds anyway, and the
// data section is written again without them. Conservative by construction: a number that only
// looks like an address keeps an object, and only a panic's data can go.
import binaryen from 'binaryen';

/** Zero runs shorter than this stay inside a segment (a segment costs about 6 bytes). */
const SPLIT_AT = 8;

/** The module's sections: `{ id, start, end }` of each body, in order. */
function sections(bytes) {
  const out = [];
  let p = 8;
  while (p < bytes.length) {
    const id = bytes[p++];
    const [size, q] = leb(bytes, p);
    out.push({ id, start: q, end: q + size, from: p - 1 });
    p = q + size;
  }
  return out;
}

/** A LEB128 at `p` (`signed`: SLEB128): `[value, position after it]`. */
function leb(bytes, p, signed = false) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[p++];
    value += (byte & 127) * 2 ** shift;
    shift += 7;
  } while (byte & 128);
  if (signed && byte & 64) value -= 2 ** shift;
  return [value, p];
}

const uleb = (n) => {
  const out = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n) byte |= 128;
    out.push(byte);
  } while (n);
  return out;
};
const sleb32 = (n) => {
  const out = [];
  for (;;) {
    const byte = n & 127;
    n >>= 7;
    if ((n === 0 && !(byte & 64)) || (n === -1 && byte & 64)) return [...out, byte];
    out.push(byte | 128);
  }
};

/** The active data segments of memory 0 at constant offsets: `{ start, bytes }`; throws on others. */
function segments(bytes, what) {
  const data = sections(bytes).find((s) => s.id === 11);
  if (!data) return [];
  const out = [];
  let [count, p] = leb(bytes, data.start);
  while (count--) {
    const flags = bytes[p++];
    if (flags !== 0 || bytes[p] !== 0x41) throw new Error(`${what}: a data segment that is not active at an i32.const`);
    const [start, q] = leb(bytes, p + 1, true);
    if (bytes[q] !== 0x0b) throw new Error(`${what}: a data segment's offset is not one constant`);
    const [size, r] = leb(bytes, q + 1);
    out.push({ start, bytes: bytes.subarray(r, r + size) });
    p = r + size;
  }
  return out;
}

/** A function of `core` that panics: its arguments are a panic's message and location. */
const PANICS = /^\$"?core(\[[0-9a-f]+\])?::.*(panic|fail)/;

/**
 * Every integer of a module's text (wasm-dis) that its code or globals could use as an address:
 * `{ value, panic }`, `panic` when it is a direct argument of a call to one of `PANICS`. Data
 * segments' own offsets are not uses.
 */
function uses(text) {
  const out = [];
  const add = (value, panic = false) => out.push({ value: Number(BigInt.asUintN(32, BigInt(value))), panic });
  const stack = [];
  for (const [token] of text.matchAll(/\$?"(?:[^"\\]|\\.)*"|;;[^\n]*|\(|\)|[^\s()"]+/g)) {
    if (token === '(') stack.push([]);
    else if (token === ')') stack.pop();
    else if (!token.startsWith(';;') && stack.length) {
      const node = stack.at(-1);
      node.push(token);
      const parent = stack.at(-2) ?? [];
      if (node.length === 2 && node[0] === 'i32.const' && parent[0] !== 'data') {
        add(token, parent[0] === 'call' && PANICS.test(parent[1] ?? ''));
      } else if (node.length === 2 && node[0] === 'i64.const') {
        const n = BigInt.asUintN(64, BigInt(token));
        add(n & 0xffffffffn);
        add(n >> 32n);
      } else if (node[0] === 'v128.const' && node.length > 2) {
        if (node[1] !== 'i32x4')
          throw new Error(`wasm-dis printed a v128 constant other than i32x4: ${node.join(' ')}`);
        add(Number(token));
      } else if (token.startsWith('offset=')) {
        add(token.slice(7));
      }
    }
  }
  return out;
}

/** The module's text, as binaryen's disassembler (wasm-dis) prints it. */
function disassemble(bytes) {
  const module = binaryen.readBinary(bytes);
  try {
    return module.emitText();
  } finally {
    module.dispose();
  }
}

/** The addresses (`u32`) that `o`'s bytes hold: at every byte offset, or with `aligned` at those of
 * addresses that are multiples of 4 (where a pointer of a `Location` or a message is). */
function* pointers(o, aligned = false) {
  for (let i = 0; i + 4 <= o.bytes.length; i++) {
    if (aligned && (o.start + i) % 4) continue;
    yield o.bytes[i] | (o.bytes[i + 1] << 8) | (o.bytes[i + 2] << 16) | (o.bytes[i + 3] * 2 ** 24);
  }
}

/**
 * `optimised` (wasm-opt's output) without the panic data that its code no longer reaches;
 * `linked` is the module wasm-opt read, whose data segments are the objects (one each, by
 * `--no-merge-data-segments`), with its names. Returns `{ bytes, dropped }`, `dropped` the count
 * of bytes (not zero) of data removed.
 */
export function dropUnreachableData(linked, optimised) {
  const objects = segments(linked, 'the linked module');
  const image = segments(optimised, "wasm-opt's output");
  if (sections(optimised).some((s) => s.id === 2 && importsMemory(optimised, s))) {
    throw new Error('the module imports its memory: its data may not be dropped');
  }
  const end = (o) => o.start + o.bytes.length;
  const within = (o, v) => v >= o.start && v < end(o);
  // Every byte of data after wasm-opt must lie in an object of the linked module.
  for (const s of image) {
    s.bytes.forEach((b, i) => {
      if (b && !objects.some((o) => within(o, s.start + i))) {
        throw new Error(`data at ${s.start + i} after wasm-opt is in no object of the linked module`);
      }
    });
  }
  // Before wasm-opt: a panic's objects are those a call to a panic takes, and what they point to
  // (a location's file name). Every other object stays; a panic's if another constant falls
  // within it.
  const before = uses(disassemble(linked));
  const panics = new Set(objects.filter((o) => before.some((u) => u.panic && within(o, u.value))));
  for (const o of panics) {
    for (const v of pointers(o, true)) for (const t of objects) if (within(t, v)) panics.add(t);
  }
  const kept = new Set(objects.filter((o) => !panics.has(o) || before.some((u) => !u.panic && within(o, u.value))));
  // After wasm-opt: a panic's object stays too if a constant still falls within it.
  const after = uses(disassemble(optimised));
  for (const o of objects) if (after.some((u) => within(o, u.value))) kept.add(o);
  for (let grew = true; grew;) {
    grew = false;
    for (const o of kept) {
      for (const v of pointers(o)) {
        for (const t of objects) {
          if (!kept.has(t) && within(t, v)) {
            kept.add(t);
            grew = true;
          }
        }
      }
    }
  }
  // The memory image after wasm-opt, without the bytes of the objects that go.
  const bytesOf = new Map();
  for (const s of image) s.bytes.forEach((b, i) => b && bytesOf.set(s.start + i, b));
  let dropped = 0;
  for (const o of objects) {
    if (kept.has(o)) continue;
    for (let a = o.start; a < end(o); a++) if (bytesOf.delete(a)) dropped++;
  }
  // Runs of non-zero bytes, joined across short zero gaps: the new segments.
  const runs = [];
  for (const a of [...bytesOf.keys()].sort((x, y) => x - y)) {
    const last = runs.at(-1);
    if (last && a - last.end < SPLIT_AT) last.end = a + 1;
    else runs.push({ start: a, end: a + 1 });
  }
  const body = [...uleb(runs.length)];
  for (const run of runs) {
    body.push(0, 0x41, ...sleb32(run.start), 0x0b, ...uleb(run.end - run.start));
    for (let a = run.start; a < run.end; a++) body.push(bytesOf.get(a) ?? 0);
  }
  // The module again: the data section replaced, the data count (if any) updated, names dropped.
  const parts = [optimised.subarray(0, 8)];
  for (const s of sections(optimised)) {
    if (s.id === 0 && customName(optimised, s) === 'name') continue;
    if (s.id === 11) parts.push(Uint8Array.of(11, ...uleb(body.length), ...body));
    else if (s.id === 12) parts.push(Uint8Array.of(12, ...uleb(uleb(runs.length).length), ...uleb(runs.length)));
    else parts.push(optimised.subarray(s.from, s.end));
  }
  return { bytes: Buffer.concat(parts), dropped };
}

function customName(bytes, s) {
  const [length, p] = leb(bytes, s.start);
  return Buffer.from(bytes.subarray(p, p + length)).toString();
}

/** Whether the import section `s` imports a memory. */
function importsMemory(bytes, s) {
  let [count, p] = leb(bytes, s.start);
  while (count--) {
    for (let k = 0; k < 2; k++) {
      const [length, q] = leb(bytes, p);
      p = q + length;
    }
    const kind = bytes[p++];
    if (kind === 2) return true;
    if (kind === 0) p = leb(bytes, p)[1];
    else if (kind === 1) {
      p++;
      const flags = bytes[p++];
      p = leb(bytes, p)[1];
      if (flags & 1) p = leb(bytes, p)[1];
    } else if (kind === 3) p += 2;
    else if (kind === 4) p = leb(bytes, p + 1)[1];
  }
  return false;
}
