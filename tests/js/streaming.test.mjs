// Streaming classes and TransformStreams: chunked input gives exactly the one-shot result
// (output, or error code and absolute offset) wherever the chunk boundaries fall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  wtf8,
  rng,
  randomString,
  randomBytes,
  hasSurrogateSequence,
  hex,
  fromHex,
  decodeInChunks,
} from './support.mjs';

const { encode, decode, Wtf8Encoder, Wtf8Decoder, Wtf8EncoderStream, Wtf8DecoderStream, Wtf8Error } = wtf8;
const SEED = Number(process.env.WTF8_SEED ?? 20261121);

function cut(r, length) {
  const points = [];
  for (let at = 0; at < length;) {
    const step = r.chance(0.2) ? 0 : 1 + r.int(Math.max(1, length >> 1));
    at = Math.min(length, at + step);
    points.push(at);
  }
  return points;
}

function outcome(fn) {
  try {
    return { value: fn() };
  } catch (e) {
    if (!(e instanceof Wtf8Error)) throw e;
    return { error: [e.code, e.offset, e.length] };
  }
}

test('Wtf8Encoder over random chunkings equals encode of the whole', () => {
  const r = rng(SEED);
  for (let n = 0; n < 5000; n++) {
    const s = randomString(r, 20);
    const encoder = new Wtf8Encoder();
    const parts = [];
    let from = 0;
    for (const to of cut(r, s.length)) {
      parts.push(...encoder.encode(s.slice(from, to), { stream: true }));
      from = to;
    }
    parts.push(...encoder.encode());
    assert.equal(hex(new Uint8Array(parts)), hex(encode(s)), `case ${n}: ${JSON.stringify(s)}`);
  }
  const encoder = new Wtf8Encoder();
  assert.equal(encoder.encoding, 'wtf-8');
  assert.equal(hex(encoder.encode('a\uD83D', { stream: true })), '61');
  assert.equal(hex(encoder.encode('\uDE00', { stream: true })), 'f09f9880');
  assert.equal(hex(encoder.encode('\uD800', { stream: true })), '');
  assert.equal(hex(encoder.encode()), 'eda080', 'a held-back lead is flushed as a lone surrogate at the end');
  assert.throws(() => encoder.encode(42), TypeError);
});

const BOM = [0xef, 0xbb, 0xbf];

/** Random bytes, half of them starting with a BOM (sometimes two, sometimes one cut short). */
function randomBytesWithBom(r, maxLength) {
  const bytes = randomBytes(r, maxLength);
  if (r.chance(0.5)) return bytes;
  const head = r.pick([BOM, BOM, [...BOM, ...BOM], BOM.slice(0, 2)]);
  return new Uint8Array([...head, ...bytes]);
}

test('Wtf8Decoder over random chunkings equals decode of the whole, strict and lenient, BOM kept or stripped', () => {
  const r = rng(SEED + 1);
  for (let n = 0; n < 5000; n++) {
    const bytes = randomBytesWithBom(r, 24);
    for (const fatal of [false, true]) {
      for (const ignoreBOM of [true, false]) {
        const whole = outcome(() => decode(bytes, { fatal, ignoreBOM }));
        const points = cut(r, bytes.length);
        const chunked = outcome(() => decodeInChunks(new Wtf8Decoder({ fatal, ignoreBOM }), bytes, points));
        assert.deepEqual(chunked, whole, `case ${n} fatal ${fatal} ignoreBOM ${ignoreBOM}: ${hex(bytes)}`);
      }
    }
  }
});

test('ignoreBOM: false strips exactly what TextDecoder strips, over random chunkings and reused decoders', () => {
  // TextDecoder is the oracle wherever WTF-8 and UTF-8 agree: input without surrogate sequences.
  // The oracle decodes each stream in one call: Node 24 and 26's streaming TextDecoder strips a
  // second BOM when the first one is cut across chunks (ef | bb bf ef bb bf 61 gives 'a'), which
  // the Encoding Standard does not (one BOM per stream); its one-shot decode is right.
  const r = rng(SEED + 2);
  let compared = 0;
  for (let n = 0; n < 3000; n++) {
    // One decoder of each kind for three streams in a row: the BOM is stripped at each stream's start.
    for (const fatal of [false, true]) {
      const ours = new Wtf8Decoder('wtf-8', { fatal, ignoreBOM: false });
      const platform = new TextDecoder('utf-8', { fatal, ignoreBOM: false });
      for (let s = 0; s < 3; s++) {
        const bytes = randomBytesWithBom(r, 12);
        if (hasSurrogateSequence(bytes)) continue;
        const points = cut(r, bytes.length);
        const want = (() => {
          try {
            return { value: platform.decode(bytes) };
          } catch (e) {
            assert.ok(e instanceof TypeError);
            return { error: true };
          }
        })();
        // After a strict error ours starts a new stream (tested below), as a one-shot decode does.
        const got = outcome(() => decodeInChunks(ours, bytes, points));
        assert.deepEqual(
          got.error ? { error: true } : got,
          want,
          `case ${n}.${s} fatal ${fatal}: ${hex(bytes)} cut at ${points}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared > 10_000, `compared ${compared} streams`);
});

test('ignoreBOM: false at the seams: a BOM cut across chunks, a BOM-only chunk, empty chunks, a strict error', () => {
  const strip = () => new Wtf8Decoder({ ignoreBOM: false });
  let d = strip();
  assert.deepEqual(
    [d.decode(fromHex('ef'), { stream: true }), d.decode(fromHex('bb'), { stream: true }), d.decode(fromHex('bf61'))],
    ['', '', 'a'],
  );
  d = strip();
  assert.deepEqual(
    [
      d.decode(fromHex(''), { stream: true }),
      d.decode(fromHex('efbbbf'), { stream: true }),
      d.decode(fromHex('efbbbf61')),
    ],
    ['', '', '\uFEFFa'],
    'only the first BOM of a stream',
  );
  d = strip();
  assert.deepEqual(
    [d.decode(fromHex('61'), { stream: true }), d.decode(fromHex('efbbbf'))],
    ['a', '\uFEFF'],
    'a BOM after text is data',
  );
  assert.deepEqual(
    [d.decode(fromHex('efbbbf62')), d.decode(fromHex('efbbbf63'))],
    ['b', 'c'],
    'each new stream strips again',
  );
  // A strict error resets the decoder: what follows is a new stream, decoded as a fresh decoder decodes it.
  for (const [before, bad, after] of [
    ['efbbbf61', 'ff', 'efbbbf62'],
    ['', 'efbbbfff', 'efbbbf62'],
    ['61', 'c0', 'efbbbf62'],
  ]) {
    for (const badStream of [true, false]) {
      const strict = new Wtf8Decoder({ fatal: true, ignoreBOM: false });
      strict.decode(fromHex(before), { stream: true });
      assert.throws(() => strict.decode(fromHex(bad), { stream: badStream }), Wtf8Error);
      assert.equal(
        strict.decode(fromHex(after)),
        new Wtf8Decoder({ fatal: true, ignoreBOM: false }).decode(fromHex(after)),
        `${before} ${bad} ${after}`,
      );
    }
  }
  // The offset of a strict error counts the stripped BOM's bytes, as it counts every byte of the input.
  const fatalStrip = new Wtf8Decoder({ fatal: true, ignoreBOM: false });
  assert.throws(
    () => fatalStrip.decode(fromHex('efbbbf61ff')),
    (e) => e instanceof Wtf8Error && e.code === 'INVALID_BYTE' && e.offset === 4,
  );
  assert.throws(
    () => decode(fromHex('efbbbf61ff'), { fatal: true, ignoreBOM: false }),
    (e) => e instanceof Wtf8Error && e.code === 'INVALID_BYTE' && e.offset === 4,
  );
});

test('Wtf8Decoder properties, reuse after an end and after an error', () => {
  const decoder = new Wtf8Decoder({ fatal: true });
  assert.deepEqual([decoder.encoding, decoder.fatal, decoder.ignoreBOM], ['wtf-8', true, true]);
  assert.deepEqual([new Wtf8Decoder().fatal, new Wtf8Decoder().ignoreBOM], [false, true]);
  assert.equal(new Wtf8Decoder({ ignoreBOM: false }).ignoreBOM, false);
  assert.equal(new Wtf8Decoder().decode(fromHex('efbbbf61')), '\uFEFFa', 'a BOM is kept by default');
  assert.equal(decoder.decode(fromHex('61f09f'), { stream: true }), 'a');
  assert.equal(decoder.decode(fromHex('9880')), '\uD83D\uDE00');
  // The pair rule holds across chunks; the offset counts from the start of the stream.
  decoder.decode(fromHex('41eda080'), { stream: true });
  assert.throws(
    () => decoder.decode(fromHex('edb080')),
    (e) => e instanceof Wtf8Error && e.code === 'SURROGATE_PAIR' && e.offset === 4,
  );
  // After an error the decoder starts a new stream.
  assert.equal(decoder.decode(fromHex('edb080')), '\uDC00');
  assert.throws(
    () => decoder.decode(fromHex('e282')),
    (e) => e.code === 'TRUNCATED' && e.offset === 0 && e.length === null,
  );
  const lenient = new Wtf8Decoder();
  assert.equal(lenient.decode(fromHex('e282'), { stream: true }), '');
  assert.equal(lenient.decode(), '\uFFFD');
  assert.throws(() => lenient.decode('text'), TypeError);
});

test('a lone surrogate slid across chunk boundaries of a large input survives streaming', () => {
  const base = 'x'.repeat(70_000);
  for (const at of [0, 1, 21_844, 21_845, 21_846, 65_535, 65_536, 65_537, 69_999]) {
    const s = base.slice(0, at) + '\uDBFF' + base.slice(at);
    const bytes = encode(s);
    const decoder = new Wtf8Decoder({ fatal: true });
    let text = '';
    for (let i = 0; i < bytes.length; i += 65_536 - 1)
      text += decoder.decode(bytes.subarray(i, i + 65_535), { stream: true });
    text += decoder.decode();
    assert.equal(text, s, `at ${at}`);
  }
});

async function collect(readable) {
  const out = [];
  for await (const chunk of readable) out.push(chunk);
  return out;
}

test('Wtf8EncoderStream and Wtf8DecoderStream round-trip lone surrogates through WHATWG streams', async () => {
  const pieces = ['a\uD83D', '\uDE00b\uD800', '', '\uDC00\uDC00c\uD83D'];
  const bytesOut = await collect(ReadableStream.from(pieces).pipeThrough(new Wtf8EncoderStream()));
  const joined = new Uint8Array(bytesOut.flatMap((b) => [...b]));
  assert.equal(hex(joined), hex(encode(pieces.join(''))));
  const chunks = [joined.subarray(0, 2), joined.subarray(2, 5), joined.subarray(5)];
  const textOut = await collect(ReadableStream.from(chunks).pipeThrough(new Wtf8DecoderStream({ fatal: true })));
  assert.equal(textOut.join(''), pieces.join(''));
  const stream = new Wtf8DecoderStream({ fatal: true });
  assert.deepEqual([stream.encoding, stream.fatal, stream.ignoreBOM], ['wtf-8', true, true]);
  await assert.rejects(
    collect(ReadableStream.from([fromHex('61ed'), fromHex('a080eda0'), fromHex('80edb080')]).pipeThrough(stream)),
    (e) => e instanceof Wtf8Error && e.code === 'SURROGATE_PAIR' && e.offset === 7,
  );
  await assert.rejects(collect(ReadableStream.from([42]).pipeThrough(new Wtf8EncoderStream())), TypeError);
});
