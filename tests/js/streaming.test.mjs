// Streaming classes and TransformStreams: chunked input gives exactly the one-shot result
// (output, or error code and absolute offset) wherever the chunk boundaries fall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wtf8, rng, randomString, randomBytes, hex, fromHex } from './support.mjs';

const { encode, decode, Wtf8Encoder, Wtf8Decoder, Wtf8EncoderStream, Wtf8DecoderStream, Wtf8Error } = wtf8;
const SEED = Number(process.env.WTF8_SEED ?? 20261121);

function cut(r, length) {
  const points = [];
  for (let at = 0; at < length; ) {
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

test('Wtf8Decoder over random chunkings equals decode of the whole, strict and lenient', () => {
  const r = rng(SEED + 1);
  for (let n = 0; n < 5000; n++) {
    const bytes = randomBytes(r, 24);
    for (const fatal of [false, true]) {
      const whole = outcome(() => decode(bytes, { fatal }));
      const decoder = new Wtf8Decoder({ fatal });
      const chunked = outcome(() => {
        let text = '';
        let from = 0;
        for (const to of cut(r, bytes.length)) {
          text += decoder.decode(bytes.subarray(from, to), { stream: true });
          from = to;
        }
        return text + decoder.decode();
      });
      assert.deepEqual(chunked, whole, `case ${n} fatal ${fatal}: ${hex(bytes)}`);
    }
  }
});

test('Wtf8Decoder properties, reuse after an end and after an error', () => {
  const decoder = new Wtf8Decoder({ fatal: true });
  assert.deepEqual([decoder.encoding, decoder.fatal, decoder.ignoreBOM], ['wtf-8', true, true]);
  assert.equal(new Wtf8Decoder().fatal, false);
  assert.equal(decoder.decode(fromHex('61f09f'), { stream: true }), 'a');
  assert.equal(decoder.decode(fromHex('9880')), '\uD83D\uDE00');
  // The pair rule holds across chunks; the offset counts from the start of the stream.
  decoder.decode(fromHex('41eda080'), { stream: true });
  assert.throws(() => decoder.decode(fromHex('edb080')), (e) => e instanceof Wtf8Error && e.code === 'SURROGATE_PAIR' && e.offset === 4);
  // After an error the decoder starts a new stream.
  assert.equal(decoder.decode(fromHex('edb080')), '\uDC00');
  assert.throws(() => decoder.decode(fromHex('e282')), (e) => e.code === 'TRUNCATED' && e.offset === 0 && e.length === null);
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
    for (let i = 0; i < bytes.length; i += 65_536 - 1) text += decoder.decode(bytes.subarray(i, i + 65_535), { stream: true });
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
