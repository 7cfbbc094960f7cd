// Migration (README "Migrating"): code written for TextEncoder/TextDecoder and their streams, for
// @cto.af/wtf8 and for npm wtf-8, run with wtf8-wasm substituted. Where the README says the
// behaviour is the same, the original is the oracle; where it lists a difference, the test
// asserts that difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as cto from '@cto.af/wtf8';
import {
  wtf8,
  rng,
  randomString,
  randomBytes,
  hasSurrogateSequence,
  hex,
  fromHex,
  isWellFormed,
  decodeInChunks,
} from './support.mjs';

const wtf8npm = createRequire(import.meta.url)('wtf-8');
const { encode, decode, encodeInto, Wtf8Encoder, Wtf8Decoder, Wtf8EncoderStream, Wtf8DecoderStream, Wtf8Error } = wtf8;
const SEED = Number(process.env.WTF8_SEED ?? 20261121);

/** What `new Class(...args)` gives: the error class, or the flags and (for decoders) what they do. */
function construct(Class, args) {
  let made;
  try {
    made = new Class(...args);
  } catch (e) {
    if (e instanceof RangeError) return { error: 'RangeError' };
    if (e instanceof TypeError) return { error: 'TypeError' };
    throw e;
  }
  const flags = { encoding: made.encoding, fatal: made.fatal, ignoreBOM: made.ignoreBOM };
  if (typeof made.decode !== 'function') return flags;
  // The flags must say what the decoder does.
  let throws = false;
  try {
    made.decode(fromHex('ff'));
  } catch {
    throws = true;
  }
  assert.equal(throws, made.fatal, 'fatal reflects the behaviour');
  assert.equal(made.decode(fromHex('efbbbf')) === '', !made.ignoreBOM, 'ignoreBOM reflects the behaviour');
  return flags;
}

function randomCuts(r, length) {
  const points = [];
  for (let at = 0; at < length;) points.push((at = Math.min(length, at + 1 + r.int(4))));
  return points;
}

/** Runs `chunks` through `transform` (a TransformStream-shaped object) with pipeThrough. */
async function pipe(chunks, transform) {
  const out = [];
  for await (const chunk of ReadableStream.from(chunks).pipeThrough(transform)) out.push(chunk);
  return out;
}

const joinBytes = (chunks) => new Uint8Array(chunks.flatMap((c) => [...c]));
const replacements = (text) => text.split('\uFFFD').length - 1;

// --- from TextDecoder / TextEncoder -------------------------------------------------------------

// [our label, the corresponding TextDecoder label]; absent is the first entry.
const LABELS = [
  [undefined, undefined],
  ['wtf-8', 'utf-8'],
  ['WTF8', 'UTF8'],
  [' \t\n\f\rWtf-8\r\n ', ' \t\n\f\rUtf-8\r\n '],
  ['\vwtf-8', '\vutf-8'], // U+000B is not ASCII whitespace for the Encoding Standard
  ['\u00a0wtf8', '\u00a0utf8'],
  ['wtf-9', 'utf-9'],
  [null, null], // the label "null"
  [42, 42],
  [new String('wtf-8'), new String('utf-8')],
  [() => 'wtf-8', () => 'utf-8'],
  [Symbol('wtf-8'), Symbol('utf-8')],
];
const OPTIONS = [
  undefined,
  null,
  {},
  { fatal: true },
  { fatal: 1, ignoreBOM: 0 },
  { ignoreBOM: false },
  { ignoreBOM: true },
  { fatal: '', ignoreBOM: 'no' },
  { ignoreBOM: undefined },
  { ignoreBOM: null },
  { unknown: true },
  Object.assign(() => {}, { fatal: true }),
  'fatal',
  1,
  true,
];
const isNotOptions = (o) => o !== undefined && o !== null && typeof o !== 'object' && typeof o !== 'function';

test('TextDecoder(label, options) → Wtf8Decoder(label, options): every label and options combination does what TextDecoder does', () => {
  let compared = 0;
  for (const [Ours, Platform] of [
    [Wtf8Decoder, TextDecoder],
    [Wtf8DecoderStream, TextDecoderStream],
  ]) {
    for (const [ourLabel, platformLabel] of LABELS) {
      for (const options of OPTIONS) {
        for (const argc of [0, 1, 2]) {
          if (argc === 0 && (ourLabel !== undefined || options !== undefined)) continue;
          if (argc === 1 && options !== undefined) continue;
          const ours = construct(Ours, [ourLabel, options].slice(0, argc));
          // Node checks the label before the options; WebIDL (and browsers) convert the options
          // first. Where both are wrong only the error class differs: tested below.
          if (isNotOptions(options) && construct(Platform, [platformLabel]).error !== undefined) continue;
          const platform = construct(Platform, [platformLabel, options].slice(0, argc));
          const what = `${Ours.name}(${[ourLabel, options]
            .slice(0, argc)
            .map((a) => (typeof a === 'symbol' ? a.toString() : (JSON.stringify(a) ?? String(a))))
            .join(', ')})`;
          if (platform.error !== undefined) {
            assert.deepEqual(ours, platform, what);
          } else {
            assert.equal(ours.encoding, 'wtf-8', what);
            assert.equal(ours.fatal, platform.fatal, what);
            // The documented difference: the BOM is kept unless ignoreBOM is given.
            const given = options !== null && typeof options === 'object' && options.ignoreBOM !== undefined;
            assert.equal(ours.ignoreBOM, given ? platform.ignoreBOM : true, what);
          }
          compared++;
        }
      }
    }
  }
  assert.ok(compared > 300, `compared ${compared}`);
  // A bad label and bad options: WebIDL converts (and rejects) the options before it looks the label up.
  assert.throws(
    () => new Wtf8Decoder('utf-8', 'fatal'),
    (e) => e.constructor === TypeError,
  );
  assert.throws(
    () =>
      new Wtf8Decoder('utf-8', {
        get fatal() {
          throw new URIError('read');
        },
      }),
    URIError,
  );
});

test('the options-first form reads the object as the options, and no form drops an option', () => {
  for (const Ours of [Wtf8Decoder, Wtf8DecoderStream]) {
    for (const options of OPTIONS.filter((o) => o !== null && typeof o === 'object')) {
      const labelled = construct(Ours, [undefined, options]);
      assert.deepEqual(construct(Ours, [options]), labelled, JSON.stringify(options));
      assert.deepEqual(construct(Ours, [options, undefined]), labelled);
      assert.deepEqual(construct(Ours, ['wtf-8', options, undefined]), labelled);
      // Options in a place where neither form reads them are an error, never ignored.
      for (const extra of [{ ignoreBOM: false }, {}, null, 'x', 0]) {
        assert.deepEqual(construct(Ours, [options, extra]), { error: 'TypeError' });
        assert.deepEqual(construct(Ours, ['wtf-8', options, extra]), { error: 'TypeError' });
      }
    }
    // The dangerous case of the old API: an undefined label with strict options is strict.
    assert.equal(construct(Ours, [undefined, { fatal: true }]).fatal, true);
    assert.equal(construct(Ours, [{ ignoreBOM: false }]).ignoreBOM, false);
  }
  // TextDecoder ignores a third argument; we reject it (documented).
  assert.equal(new TextDecoder('utf-8', {}, { fatal: true }).fatal, false);
});

test('options are read as TextDecoder reads them: each member once, fatal then ignoreBOM, coerced to boolean', () => {
  for (const value of [0, 1, '', 'no', null, NaN, {}, [], Symbol.iterator, 0n, -0]) {
    const platform = new TextDecoder('utf-8', { fatal: value, ignoreBOM: value });
    for (const ours of [
      new Wtf8Decoder('wtf-8', { fatal: value, ignoreBOM: value }),
      new Wtf8Decoder({ fatal: value, ignoreBOM: value }),
    ]) {
      assert.deepEqual([ours.fatal, ours.ignoreBOM], [platform.fatal, platform.ignoreBOM], String(value));
    }
    const bytes = fromHex('efbbbf61');
    assert.equal(
      decode(bytes, { ignoreBOM: value }),
      new TextDecoder('utf-8', { ignoreBOM: value }).decode(bytes),
      String(value),
    );
  }
  const reads = [];
  const options = new Proxy({}, { get: (target, key) => void reads.push(key) });
  new Wtf8Decoder('wtf-8', options);
  new Wtf8DecoderStream(options);
  decode(new Uint8Array(1), options);
  assert.deepEqual(reads, ['fatal', 'ignoreBOM', 'fatal', 'ignoreBOM', 'fatal', 'ignoreBOM']);
});

test('a TextDecoder stream loop gives the same strings with the label and the class swapped', () => {
  // Where WTF-8 and UTF-8 agree (no surrogate sequences), for every option set including the default.
  const r = rng(SEED);
  let compared = 0;
  for (let n = 0; n < 3000; n++) {
    const bytes = r.chance(0.3) ? new Uint8Array([0xef, 0xbb, 0xbf, ...randomBytes(r, 16)]) : randomBytes(r, 16);
    if (hasSurrogateSequence(bytes)) continue;
    const points = randomCuts(r, bytes.length);
    for (const options of [
      undefined,
      { fatal: true },
      { ignoreBOM: false },
      { ignoreBOM: true },
      { fatal: true, ignoreBOM: false },
    ]) {
      const run = (decoder) => {
        try {
          return decodeInChunks(decoder, bytes, points);
        } catch (e) {
          assert.ok(e instanceof TypeError, 'a strict error is a TypeError in both');
          return 'TypeError';
        }
      };
      // The default differs only in the BOM: ours keeps it, as TextDecoder does with ignoreBOM: true.
      const platformOptions = options?.ignoreBOM === undefined ? { ...options, ignoreBOM: true } : options;
      assert.equal(
        run(new Wtf8Decoder('wtf-8', options)),
        run(new TextDecoder('utf-8', platformOptions)),
        `${hex(bytes)} ${JSON.stringify(options)}`,
      );
      compared++;
    }
  }
  assert.ok(compared > 5000);
  // The BOM default, and the label.
  assert.equal(
    new Wtf8Decoder().decode(fromHex('efbbbf61')),
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(fromHex('efbbbf61')),
  );
  assert.notEqual(new Wtf8Decoder().decode(fromHex('efbbbf61')), new TextDecoder().decode(fromHex('efbbbf61')));
  assert.throws(() => new Wtf8Decoder('utf-8'), RangeError);
  // TextEncoder converts anything to a string; ours takes strings only.
  assert.equal(hex(new TextEncoder().encode(null)), hex(encode('null')));
  assert.throws(() => new Wtf8Encoder().encode(null), TypeError);
  assert.throws(() => encode(42), TypeError);
  // Strict errors: TextDecoder code that catches TypeError keeps working; ours also says what and where.
  assert.throws(
    () => new Wtf8Decoder('wtf-8', { fatal: true }).decode(fromHex('61ff')),
    (e) => e instanceof TypeError && e instanceof Wtf8Error && e.code === 'INVALID_BYTE' && e.offset === 1,
  );
});

test('TextEncoder, TextEncoderStream and TextDecoderStream pipelines: the same bytes for well-formed strings, lone surrogates kept', async () => {
  const r = rng(SEED + 1);
  for (let n = 0; n < 300; n++) {
    const pieces = Array.from({ length: 1 + r.int(4) }, () => randomString(r, 8));
    const text = pieces.join('');
    const ourBytes = joinBytes(await pipe(pieces, new Wtf8EncoderStream()));
    const platformBytes = joinBytes(await pipe(pieces, new TextEncoderStream()));
    const cuts = randomCuts(r, ourBytes.length);
    const chunksOf = (bytes) => cuts.map((to, i) => bytes.slice(i === 0 ? 0 : cuts[i - 1], to));
    const back = (await pipe(chunksOf(ourBytes), new Wtf8DecoderStream('wtf-8', { fatal: true }))).join('');
    assert.equal(back, text, 'the round trip is exact');
    if (isWellFormed(text)) {
      assert.equal(hex(ourBytes), hex(platformBytes), JSON.stringify(text));
      assert.equal(hex(new Wtf8Encoder().encode(text)), hex(new TextEncoder().encode(text)));
      const room = r.int(3 * text.length + 1);
      assert.deepEqual(
        encodeInto(text, new Uint8Array(room)),
        new TextEncoder().encodeInto(text, new Uint8Array(room)),
      );
      const platformText = (
        await pipe(chunksOf(ourBytes), new TextDecoderStream('utf-8', { fatal: true, ignoreBOM: true }))
      ).join('');
      assert.equal(back, platformText);
    } else {
      // What the platform does instead: each lone surrogate becomes U+FFFD.
      assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(platformBytes), text.toWellFormed());
    }
  }
  // ignoreBOM: false in a pipeline strips what TextDecoder strips from the whole, wherever the BOM
  // is cut. (Not TextDecoderStream: Node 24 and 26 strip both BOMs of efbbbf|efbbbf61 when the first
  // is cut, where the Encoding Standard strips one.)
  const bytes = fromHex('efbbbfefbbbf61');
  const whole = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  assert.equal(whole, '\uFEFFa');
  for (let cut = 0; cut <= bytes.length; cut++) {
    const chunks = [bytes.slice(0, cut), bytes.slice(cut)];
    assert.equal(
      (await pipe(chunks, new Wtf8DecoderStream('wtf-8', { ignoreBOM: false }))).join(''),
      whole,
      `cut at ${cut}`,
    );
  }
});

// --- from @cto.af/wtf8 ---------------------------------------------------------------------------

// Constructor calls as @cto.af/wtf8's users write them.
const CTO_CALLS = [
  [],
  ['wtf-8'],
  ['WTF-8'],
  ['wtf8'],
  [undefined],
  [undefined, { fatal: true }],
  ['wtf-8', { fatal: true }],
  ['wtf8', { ignoreBOM: true }],
  ['wtf-8', { ignoreBOM: false }],
  ['wtf-8', { fatal: 1, ignoreBOM: 'y' }],
  ['wtf-8', null],
  ['wtf-8', { bufferSize: 16 }],
  ['utf-8'],
];

test('@cto.af/wtf8 constructor calls and property reads work unchanged', () => {
  for (const [Ours, Theirs] of [
    [Wtf8Decoder, cto.Wtf8Decoder],
    [Wtf8DecoderStream, cto.Wtf8DecoderStream],
  ]) {
    for (const args of CTO_CALLS) {
      const ours = construct(Ours, args);
      const theirs = construct(Theirs, args);
      const what = `${Ours.name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
      if (theirs.error !== undefined) {
        assert.deepEqual(ours, theirs, what);
        continue;
      }
      assert.deepEqual([ours.encoding, ours.fatal], [theirs.encoding, theirs.fatal], what);
      // Documented: their BOM default is TextDecoder's (strip), ours keeps it.
      const given = args[1]?.ignoreBOM !== undefined;
      assert.equal(ours.ignoreBOM, given ? theirs.ignoreBOM : true, what);
      if (!given) assert.equal(theirs.ignoreBOM, false);
    }
  }
  // Labels: ours are compared as TextDecoder compares them (the oracle), theirs are not.
  assert.throws(() => new cto.Wtf8Decoder(' wtf-8'), RangeError);
  assert.equal(new TextDecoder(' utf-8').encoding, 'utf-8');
  assert.equal(new Wtf8Decoder(' wtf-8').encoding, 'wtf-8');
  assert.equal(new cto.Wtf8Decoder('w-tf8').encoding, 'wtf-8');
  assert.throws(() => new Wtf8Decoder('w-tf8'), RangeError);
});

test('@cto.af/wtf8 decode loops, encoders and pipelines give the same results on well-formed WTF-8', async () => {
  const r = rng(SEED + 2);
  let compared = 0;
  for (let n = 0; n < 2000; n++) {
    const text = randomString(r, 16);
    const bytes = encode(text);
    assert.equal(hex(bytes), hex(new cto.Wtf8Encoder().encode(text)), JSON.stringify(text));
    const room = r.int(bytes.length + 2);
    assert.deepEqual(
      new Wtf8Encoder().encodeInto(text, new Uint8Array(room)),
      new cto.Wtf8Encoder().encodeInto(text, new Uint8Array(room)),
    );
    // Their ignoreBOM: false also drops a U+FEFF that follows only ASCII (documented, tested below).
    const firstNonAscii = text.search(/[^\0-\x7f]/);
    const theirBomBug = firstNonAscii > 0 && text[firstNonAscii] === '\uFEFF';
    const points = randomCuts(r, bytes.length);
    for (const options of [
      { ignoreBOM: true },
      { ignoreBOM: false },
      { fatal: true, ignoreBOM: true },
      { fatal: true, ignoreBOM: false },
    ]) {
      if (theirBomBug && !options.ignoreBOM) continue;
      const ours = decodeInChunks(new Wtf8Decoder('wtf-8', options), bytes, points);
      assert.equal(
        ours,
        decodeInChunks(new cto.Wtf8Decoder('wtf-8', options), bytes, points),
        `${hex(bytes)} ${JSON.stringify(options)}`,
      );
      compared++;
    }
    if (n % 20 === 0) {
      const pieces = [text.slice(0, n % 7), text.slice(n % 7)];
      assert.equal(
        hex(joinBytes(await pipe(pieces, new Wtf8EncoderStream()))),
        hex(joinBytes(await pipe(pieces, new cto.Wtf8EncoderStream()))),
      );
      const chunks = [bytes.slice(0, n % 5), bytes.slice(n % 5)];
      assert.deepEqual(
        (await pipe(chunks, new Wtf8DecoderStream('wtf-8', { fatal: true, ignoreBOM: true }))).join(''),
        (await pipe(chunks, new cto.Wtf8DecoderStream('wtf-8', { fatal: true, ignoreBOM: true }))).join(''),
      );
    }
  }
  assert.ok(compared > 7000, `compared ${compared}`);
});

test('@cto.af/wtf8: the documented differences', () => {
  const theirs = (options) => new cto.Wtf8Decoder('wtf-8', options);
  const ours = (options) => new Wtf8Decoder('wtf-8', options);
  // The BOM default; ignoreBOM: false gives their default (and TextDecoder's).
  const bom = fromHex('efbbbf61');
  assert.equal(ours().decode(bom), '\uFEFFa');
  assert.equal(ours({ ignoreBOM: false }).decode(bom), theirs().decode(bom));
  // Only a leading BOM is one: a U+FEFF after ASCII is data (TextDecoder is the oracle).
  const late = fromHex('61efbbbf');
  assert.equal(ours({ ignoreBOM: false }).decode(late), new TextDecoder().decode(late));
  assert.notEqual(theirs().decode(late), new TextDecoder().decode(late));
  // One U+FFFD per maximal subpart (TextDecoder is the oracle); theirs writes one per byte of a cut-short sequence.
  for (const input of ['e28241', 'f09f9841', 'e282', 'f09f98']) {
    assert.equal(ours().decode(fromHex(input)), new TextDecoder().decode(fromHex(input)), input);
    assert.equal(replacements(theirs().decode(fromHex(input))), fromHex(input).filter((b) => b >= 0x80).length, input);
  }
  // A surrogate pair spelled as two 3-byte sequences is not WTF-8: theirs accepts it even when fatal.
  const spelled = fromHex('eda080edb080');
  assert.equal(theirs({ fatal: true }).decode(spelled), '\uD800\uDC00');
  assert.throws(
    () => ours({ fatal: true }).decode(spelled),
    (e) => e instanceof Wtf8Error && e.code === 'SURROGATE_PAIR' && e.offset === 3,
  );
  assert.equal(ours().decode(spelled), theirs().decode(spelled), 'lenient: the two units it spells, in both');
  // Above U+10FFFF: theirs decodes it to another character, even when fatal.
  for (const [input, code] of [
    ['f4908080', 'TOO_LARGE'],
    ['f5808080', 'INVALID_BYTE'],
  ]) {
    assert.notEqual(theirs({ fatal: true }).decode(fromHex(input)).length, 0);
    assert.throws(
      () => ours({ fatal: true }).decode(fromHex(input)),
      (e) => e.code === code && e.offset === 0,
    );
    assert.equal(ours().decode(fromHex(input)), new TextDecoder().decode(fromHex(input)));
  }
  // Errors: both TypeErrors (and RangeErrors for labels); ours carry a code and an offset, theirs a Node-style code.
  const theirError = (() => {
    try {
      theirs({ fatal: true }).decode(fromHex('61ff'));
    } catch (e) {
      return e;
    }
  })();
  const ourError = (() => {
    try {
      ours({ fatal: true }).decode(fromHex('61ff'));
    } catch (e) {
      return e;
    }
  })();
  assert.ok(theirError instanceof TypeError && ourError instanceof TypeError);
  assert.deepEqual([theirError.code, theirError.offset], ['ERR_ENCODING_INVALID_ENCODED_DATA', undefined]);
  assert.deepEqual([ourError.code, ourError.offset], ['INVALID_BYTE', 1]);
  // Input types: theirs converts anything; ours takes strings and buffer sources only, as TextDecoder does.
  assert.equal(hex(new cto.Wtf8Encoder().encode(42)), hex(new TextEncoder().encode('42')));
  assert.throws(() => new Wtf8Encoder().encode(42), TypeError);
  assert.equal(theirs().decode('abc'), '');
  assert.throws(() => ours().decode('abc'), TypeError);
  assert.throws(() => new TextDecoder().decode('abc'), TypeError);
});

// --- from npm wtf-8 ------------------------------------------------------------------------------

const toByteString = (bytes) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const fromByteString = (text) => Uint8Array.from(text, (c) => c.charCodeAt(0));

test('npm wtf-8: encode and decode give the same bytes and strings, as Uint8Array', () => {
  const r = rng(SEED + 3);
  for (let n = 0; n < 5000; n++) {
    const text = randomString(r, 16);
    const bytes = encode(text);
    assert.equal(toByteString(bytes), wtf8npm.encode(text), JSON.stringify(text));
    assert.equal(decode(fromByteString(wtf8npm.encode(text)), { fatal: true }), wtf8npm.decode(toByteString(bytes)));
  }
  // On any bytes, strict decoding agrees with theirs except on spelled-out surrogate pairs, which they accept.
  let spelled = 0;
  for (let n = 0; n < 50_000; n++) {
    const bytes = randomBytes(r, 12);
    let theirs;
    try {
      theirs = wtf8npm.decode(toByteString(bytes));
    } catch (e) {
      assert.ok(!(e instanceof TypeError), 'theirs throws plain Errors');
      theirs = undefined;
    }
    let ours;
    try {
      ours = decode(bytes, { fatal: true });
    } catch (e) {
      if (e.code === 'SURROGATE_PAIR' && theirs !== undefined) {
        spelled++;
        continue;
      }
      ours = undefined;
    }
    assert.equal(ours, theirs, hex(bytes));
  }
  assert.ok(spelled > 0);
});

test('npm wtf-8: the documented differences', () => {
  // Byte strings: theirs keeps only the low 8 bits of each char, silently; ours takes bytes only.
  assert.equal(wtf8npm.decode('\u0141'), 'A');
  assert.throws(() => decode('\u0141'), TypeError);
  // Errors: a plain Error with a message; ours a Wtf8Error with a code and an offset; and a lenient mode.
  assert.throws(
    () => wtf8npm.decode('a\xff'),
    (e) => e.constructor === Error && e.code === undefined,
  );
  assert.throws(
    () => decode(fromHex('61ff'), { fatal: true }),
    (e) => e instanceof Wtf8Error && e.code === 'INVALID_BYTE' && e.offset === 1,
  );
  assert.equal(decode(fromHex('61ff')), new TextDecoder().decode(fromHex('61ff')));
  // A BOM is data in both.
  assert.equal(decode(fromHex('efbbbf61')), wtf8npm.decode('\xef\xbb\xbfa'));
});
