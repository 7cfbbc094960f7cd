// The four classes against the platform's own (TextDecoder, TextEncoder, TextDecoderStream,
// TextEncoderStream) in this Node: tests/js/platform-check.mjs, whose list of the platform's
// deviations from the Encoding Standard and Web IDL is pinned here per Node version; and, beyond
// the platform's classes, every function of the three entries that takes bytes reads a detached
// buffer (or a view on one, or one a resizable buffer shrank past) as the empty input it is.
// tests/e2e/platform.test.mjs runs the same check in Deno, Bun, Chromium and Firefox.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pkgDir, wtf8 } from './support.mjs';
import { checkPlatform, RESIZABLE_ACCEPTED } from './platform-check.mjs';

const encodings = await import(pathToFileURL(join(pkgDir, 'dist', 'encodings.mjs')).href);
const inspector = await import(pathToFileURL(join(pkgDir, 'dist', 'inspect.mjs')).href);
const major = Number(process.versions.node.split('.')[0]);

/**
 * Where this Node departs from the standard (ours follows the standard there). Node's stream
 * classes have no `Symbol.toStringTag` (Web IDL gives every interface one: Deno, Bun, Chromium
 * and Firefox have it); Node 20's TextDecoderStream writes nothing for an `undefined` chunk; Node's
 * streaming TextDecoder (24 and 26) strips a second BOM when the first is cut across chunks; its
 * `encodeInto` throws a TypeError for a source that is not a string (Web IDL converts it, as
 * Deno, Bun and the browsers do); Node accepts resizable buffers, which Web IDL refuses (and so
 * does wtf8-wasm: a documented choice).
 */
const NODE_DEVIATIONS = [
  'TextDecoderStream: Symbol.toStringTag',
  'TextEncoderStream: Symbol.toStringTag',
  ...(major === 20 ? ['TextDecoderStream given undefined as a chunk: a TypeError errors the stream'] : []),
  ...(major >= 24
    ? [1, 2].map((cut) => `ignoreBOM: false strips one BOM when the first is cut after ${cut} byte(s)`)
    : []),
  'migration table: encodeInto(null, destination)',
  ...RESIZABLE_ACCEPTED,
];

test(`Wtf8Decoder, Wtf8Encoder and the streams behave as the platform's classes in Node ${process.versions.node}`, async (t) => {
  const result = await checkPlatform(wtf8);
  assert.deepEqual(result.failures, []);
  assert.deepEqual(result.deviations, NODE_DEVIATIONS);
  assert.ok(result.checked > 180, `${result.checked} cases`);
  t.diagnostic(`${result.checked} cases; the platform deviates in ${result.deviations.length}`);
});

/** Buffer sources that hold no bytes any more, fresh for each call. */
const EMPTIED = {
  'a detached ArrayBuffer': () => detached((b) => b),
  'a Uint8Array on a detached buffer': () => detached((b) => new Uint8Array(b)),
  'a Buffer on a detached buffer': () => detached((b) => Buffer.from(b, 2, 4)),
  'a DataView on a detached buffer': () => detached((b) => new DataView(b, 1)),
  'a Float64Array on a detached buffer': () => detached((b) => new Float64Array(b)),
  'a Uint8Array a resizable buffer shrank past': () => {
    const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
    const view = new Uint8Array(buffer, 8);
    buffer.resize(4);
    return view;
  },
};

function detached(make) {
  const buffer = new ArrayBuffer(16);
  new Uint8Array(buffer).fill(0x61);
  const made = make(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return made;
}

/** A result or the error's class, code and position, as one comparable value. */
function outcome(fn) {
  try {
    const value = fn();
    return { value: ArrayBuffer.isView(value) ? [value.constructor.name, ...value] : value };
  } catch (e) {
    return { error: [e.constructor.name, e instanceof TypeError, e.code, e.offset, e.index] };
  }
}

test('every function that takes bytes, in all three entries, reads a detached buffer as empty input', () => {
  const { decode, isWtf8, checkWtf8, checkUtf8, wtf8ToUtf8, concat, Wtf8Decoder, encode } = wtf8;
  const calls = {
    decode: (x) => decode(x),
    'decode fatal': (x) => decode(x, { fatal: true, ignoreBOM: false }),
    isWtf8,
    checkWtf8,
    checkUtf8,
    wtf8ToUtf8: (x) => wtf8ToUtf8(x),
    'wtf8ToUtf8 fatal': (x) => wtf8ToUtf8(x, { fatal: true }),
    'concat, between the halves of a pair': (x) => concat([encode('\uD83D'), x, encode('\uDE00')]),
    'Wtf8Decoder#decode': (x) => new Wtf8Decoder().decode(x),
    'Wtf8Decoder#decode, stream': (x) => {
      const d = new Wtf8Decoder({ fatal: true });
      return (
        d.decode(new Uint8Array([0xf0, 0x9f]), { stream: true }) +
        d.decode(x, { stream: true }) +
        d.decode(new Uint8Array([0x98, 0x80]))
      );
    },
    decodeCesu8: (x) => encodings.decodeCesu8(x, { fatal: true }),
    decodeModifiedUtf8: (x) => encodings.decodeModifiedUtf8(x, { fatal: true }),
    readUTF: (x) => encodings.readUTF(x),
    decodeUtf8b: (x) => encodings.decodeUtf8b(x),
    decodeUtf16: (x) => encodings.decodeUtf16(x, { fatal: true }),
    'decodeUtf16 le': (x) => encodings.decodeUtf16(x, { byteOrder: 'le' }),
    decodeUtf32: (x) => encodings.decodeUtf32(x, { fatal: true }),
    decodeCorrectedUtf8: (x) => encodings.decodeCorrectedUtf8(x),
    'decodeCorrectedUtf8 document': (x) => encodings.decodeCorrectedUtf8(x, { document: true, fatal: true }),
    decodeCorrectedUtf8CodePoints: (x) => encodings.decodeCorrectedUtf8CodePoints(x),
    inspect: (x) => inspector.inspect(x),
    inspectIter: (x) => [...inspector.inspectIter(x, { limit: 4 })],
  };
  let compared = 0;
  for (const [name, call] of Object.entries(calls)) {
    const empty = outcome(() => call(new Uint8Array(0)));
    for (const [what, make] of Object.entries(EMPTIED)) {
      assert.deepEqual(
        outcome(() => call(make())),
        empty,
        `${name}(${what})`,
      );
      compared++;
    }
  }
  // Not every function gives a value for empty input: readUTF needs its two length bytes.
  assert.deepEqual(outcome(() => encodings.readUTF(EMPTIED['a detached ArrayBuffer']())).error.slice(1, 4), [
    true,
    'TRUNCATED',
    0,
  ]);
  assert.equal(compared, Object.keys(calls).length * Object.keys(EMPTIED).length);
});

test('a chunk that holds no bytes any more is an empty chunk in the decoding stream, and undefined errors it', async () => {
  const { Wtf8DecoderStream } = wtf8;
  const pipe = async (chunks) => {
    const out = [];
    for await (const text of ReadableStream.from(chunks).pipeThrough(new Wtf8DecoderStream({ fatal: true })))
      out.push(text);
    return out.join('');
  };
  for (const [what, make] of Object.entries(EMPTIED)) {
    assert.equal(await pipe([new Uint8Array([0x61, 0xed]), make(), new Uint8Array([0xa0, 0x80])]), 'a\uD800', what);
  }
  await assert.rejects(pipe([new Uint8Array([0x61]), undefined]), TypeError);
});
