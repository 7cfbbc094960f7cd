// The consumer smoke test: one body of checks that every runtime runs unmodified against the
// installed package (Node CJS and ESM, Deno, Bun, browsers with and without a bundler).
// Plain ES module, no imports, no Node APIs: `api` is whatever the runtime got from
// `require('wtf8-wasm')` / `import * as api from 'wtf8-wasm'`, and `inspectApi` the same of
// 'wtf8-wasm/inspect'.
//
// `smoke(api, inspectApi)` resolves to the list of check names in CHECKS order, or rejects with an Error
// whose message names the failed check and what it got. Callers compare the returned list with
// CHECKS, so a runtime that silently skipped a check fails too.

/** The names of the checks, in the order `smoke` runs them. */
export const CHECKS = [
  'exports',
  'encode lone surrogates',
  'decode round trip',
  'strict decode: SURROGATE_PAIR at offset 3',
  'strict toUtf8: LONE_SURROGATE at index 2',
  'lossy toUtf8 equals TextEncoder',
  'wtf8ToUtf8, isWtf8, checkWtf8, checkUtf8',
  'concat re-pairs surrogates',
  'inspect (wtf8-wasm/inspect)',
  'encodeInto',
  'Wtf8Encoder/Wtf8Decoder {stream: true}',
  'Wtf8EncoderStream/Wtf8DecoderStream',
  'Wtf8DecoderStream fatal error offset',
];

const EXPORTS = [
  'Wtf8Decoder',
  'Wtf8DecoderStream',
  'Wtf8Encoder',
  'Wtf8EncoderStream',
  'Wtf8Error',
  'checkUtf8',
  'checkWtf8',
  'concat',
  'decode',
  'encode',
  'encodeInto',
  'isWtf8',
  'toUtf8',
  'wtf8ToUtf8',
];

const INSPECT_EXPORTS = ['SEGMENT_KINDS', 'inspect', 'inspectIter'];

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
const units = (text) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16)).join(' ');

function fail(check, message) {
  throw new Error(`smoke check "${check}" failed: ${message}`);
}

function equal(check, actual, expected, what) {
  if (actual !== expected) fail(check, `${what}: got ${JSON.stringify(actual)}, want ${JSON.stringify(expected)}`);
}

function bytesEqual(check, actual, expected, what) {
  if (!(actual instanceof Uint8Array))
    fail(check, `${what}: not a Uint8Array but ${Object.prototype.toString.call(actual)}`);
  equal(check, hex(actual), hex(expected), what);
}

function stringEqual(check, actual, expected, what) {
  if (typeof actual !== 'string') fail(check, `${what}: not a string but ${typeof actual}`);
  if (actual !== expected) fail(check, `${what}: got units [${units(actual)}], want [${units(expected)}]`);
}

/** Runs `fn`, which must throw a Wtf8Error; checks its class, code and position. */
function expectWtf8Error(check, api, fn, code, position) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === undefined) fail(check, 'did not throw');
  if (!(error instanceof api.Wtf8Error)) fail(check, `threw ${error && error.name} (${error}), not a Wtf8Error`);
  if (!(error instanceof TypeError)) fail(check, 'the Wtf8Error is not a TypeError');
  equal(check, error.name, 'Wtf8Error', 'error.name');
  equal(check, error.code, code, 'error.code');
  for (const [key, value] of Object.entries(position)) equal(check, error[key], value, `error.${key}`);
}

async function readAll(reader) {
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

function joinBytes(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Writes `chunks` into a TransformStream-shaped pair and collects what comes out. */
async function pipe(stream, chunks) {
  // Both ends are taken before anything starts, so a missing end fails here and leaves nothing running.
  const reader = stream.readable.getReader();
  const writer = stream.writable.getWriter();
  const writing = (async () => {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  })();
  const [out] = await Promise.all([readAll(reader), writing]);
  return out;
}

/**
 * Runs every check against `api` (and `inspectApi`); resolves to the names of the checks that
 * passed (all of CHECKS).
 */
export async function smoke(api, inspectApi) {
  const passed = [];
  const check = async (name, body) => {
    if (name !== CHECKS[passed.length]) fail(name, `out of order (expected "${CHECKS[passed.length]}")`);
    try {
      await body(name);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('smoke check ')) throw error;
      fail(name, `threw ${(error && error.stack) || error}`);
    }
    passed.push(name);
  };
  const half = 'a\uD83Db'; // an emoji cut in half: a lone lead surrogate

  await check('exports', (c) => {
    // Exactly the documented names: nothing missing, no internals (a CJS `default` is tolerated).
    equal(
      c,
      Object.keys(api)
        .filter((k) => k !== 'default')
        .sort()
        .join(','),
      EXPORTS.join(','),
      'export names',
    );
    for (const name of EXPORTS) {
      const kind = typeof api[name];
      if (kind !== 'function') fail(c, `export ${name} is ${kind}, not a function`);
    }
    if (inspectApi === undefined || inspectApi === null) fail(c, 'no wtf8-wasm/inspect module given');
    equal(
      c,
      Object.keys(inspectApi)
        .filter((k) => k !== 'default')
        .sort()
        .join(','),
      INSPECT_EXPORTS.join(','),
      'wtf8-wasm/inspect export names',
    );
  });

  await check('encode lone surrogates', (c) => {
    bytesEqual(c, api.encode(half), [0x61, 0xed, 0xa0, 0xbd, 0x62], 'encode(a\\uD83Db)');
    bytesEqual(c, api.encode('\uDC00\uD800'), [0xed, 0xb0, 0x80, 0xed, 0xa0, 0x80], 'reversed pair');
    bytesEqual(c, api.encode('\uD83D\uDE00'), [0xf0, 0x9f, 0x98, 0x80], 'a real pair');
  });

  await check('decode round trip', (c) => {
    stringEqual(c, api.decode(new Uint8Array([0x61, 0xed, 0xa0, 0xbd, 0x62])), half, 'decode');
    stringEqual(c, api.decode(new Uint8Array([0x61, 0xed, 0xa0, 0xbd, 0x62]), { fatal: true }), half, 'strict decode');
    for (const s of ['', 'x', '\uDFFF', '\uD800\uD800', 'é€😀\uDC00z', '\uFEFFbom']) {
      stringEqual(c, api.decode(api.encode(s)), s, `decode(encode(${JSON.stringify(s)}))`);
    }
    stringEqual(c, api.decode(new Uint8Array([0x61, 0xc0, 0x62])), 'a\uFFFDb', 'lenient U+FFFD');
  });

  await check('strict decode: SURROGATE_PAIR at offset 3', (c) => {
    const pairAsTwo = new Uint8Array([0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80]);
    expectWtf8Error(c, api, () => api.decode(pairAsTwo, { fatal: true }), 'SURROGATE_PAIR', {
      offset: 3,
      length: 3,
      index: undefined,
    });
    expectWtf8Error(c, api, () => api.decode(new Uint8Array([0x61, 0xf0, 0x9f]), { fatal: true }), 'TRUNCATED', {
      offset: 1,
      length: null,
    });
  });

  await check('strict toUtf8: LONE_SURROGATE at index 2', (c) => {
    expectWtf8Error(c, api, () => api.toUtf8('ab\uDC00', { fatal: true }), 'LONE_SURROGATE', {
      index: 2,
      offset: undefined,
    });
    bytesEqual(
      c,
      api.toUtf8('ab\uD83D\uDC00', { fatal: true }),
      [0x61, 0x62, 0xf0, 0x9f, 0x90, 0x80],
      'well-formed strict',
    );
  });

  await check('lossy toUtf8 equals TextEncoder', (c) => {
    const s = 'ab\uDC00\uD83D\uDE00\uD800';
    bytesEqual(c, api.toUtf8(s), new TextEncoder().encode(s), 'toUtf8');
    bytesEqual(c, api.toUtf8(half), [0x61, 0xef, 0xbf, 0xbd, 0x62], 'toUtf8(a\\uD83Db)');
  });

  await check('wtf8ToUtf8, isWtf8, checkWtf8, checkUtf8', (c) => {
    const wtf8 = api.encode(half);
    bytesEqual(c, api.wtf8ToUtf8(wtf8), [0x61, 0xef, 0xbf, 0xbd, 0x62], 'wtf8ToUtf8');
    expectWtf8Error(c, api, () => api.wtf8ToUtf8(wtf8, { fatal: true }), 'SURROGATE', { offset: 1 });
    equal(c, api.isWtf8(wtf8), true, 'isWtf8(encode(half))');
    equal(c, api.isWtf8(new Uint8Array([0xc0, 0xaf])), false, 'isWtf8(overlong)');
    equal(c, api.checkWtf8(wtf8), null, 'checkWtf8(encode(half))');
    const error = api.checkWtf8(new Uint8Array([0x61, 0xc0, 0xaf]));
    equal(c, error instanceof api.Wtf8Error, true, 'checkWtf8 returns a Wtf8Error');
    equal(c, `${error.code}@${error.offset}`, 'OVERLONG@1', 'checkWtf8 code@offset');
    const utf8Error = api.checkUtf8(wtf8);
    equal(c, `${utf8Error && utf8Error.code}@${utf8Error && utf8Error.offset}`, 'SURROGATE@1', 'checkUtf8 code@offset');
    equal(c, api.checkUtf8(new Uint8Array([0x61])), null, 'checkUtf8(a)');
  });

  await check('concat re-pairs surrogates', (c) => {
    bytesEqual(c, api.concat([api.encode('x\uD83D'), api.encode('\uDE00y')]), api.encode('x\uD83D\uDE00y'), 'concat');
    expectWtf8Error(c, api, () => api.concat([api.encode('ok'), new Uint8Array([0x61, 0xff])]), 'INVALID_BYTE', {
      part: 1,
      offset: 1,
    });
  });

  await check('inspect (wtf8-wasm/inspect)', (c) => {
    const segments = inspectApi.inspect(half);
    equal(c, Array.isArray(segments), true, 'inspect returns an array');
    equal(c, segments.map((s) => s.kind).join(','), 'ascii,lone-lead,ascii', 'kinds');
    const lead = segments[1];
    equal(c, `${lead.index}/${lead.offset}/${lead.codePoint}`, '1/1/55357', 'index/offset/codePoint');
    bytesEqual(c, Uint8Array.from(lead.bytes), [0xed, 0xa0, 0xbd], 'bytes');
    bytesEqual(c, Uint8Array.from(lead.utf8), [0xef, 0xbf, 0xbd], 'utf8');
    const invalid = inspectApi.inspect(new Uint8Array([0x61, 0xff]))[1];
    equal(c, `${invalid.kind}/${invalid.error}/${invalid.codePoint}`, 'invalid/INVALID_BYTE/null', 'byte input');
    const first = inspectApi.inspectIter(api.encode(half), { limit: 2 });
    equal(c, Array.from(first, (s) => s.kind).join(','), 'ascii,lone-lead', 'inspectIter of bytes with a limit');
    let error;
    try {
      inspectApi.inspect(42);
    } catch (e) {
      error = e;
    }
    equal(c, error instanceof TypeError, true, 'inspect(42) throws a TypeError');
  });

  await check('encodeInto', (c) => {
    const dest = new Uint8Array(5);
    const result = api.encodeInto('a\uDC00\uD83D\uDE00', dest);
    equal(c, `${result.read}/${result.written}`, '2/4', 'read/written (the pair does not fit)');
    bytesEqual(c, dest, [0x61, 0xed, 0xb0, 0x80, 0x00], 'destination');
  });

  await check('Wtf8Encoder/Wtf8Decoder {stream: true}', (c) => {
    const encoder = new api.Wtf8Encoder();
    equal(c, encoder.encoding, 'wtf-8', 'encoder.encoding');
    bytesEqual(c, encoder.encode('a\uD83D', { stream: true }), [0x61], 'lead held back');
    bytesEqual(c, encoder.encode('\uDE00\uD800', { stream: true }), [0xf0, 0x9f, 0x98, 0x80], 'pair completed');
    bytesEqual(c, encoder.encode(), [0xed, 0xa0, 0x80], 'flush of a lone lead');

    const bytes = [0x61, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xbd, 0x62];
    const decoder = new api.Wtf8Decoder({ fatal: true });
    equal(c, `${decoder.encoding}/${decoder.fatal}/${decoder.ignoreBOM}`, 'wtf-8/true/true', 'decoder properties');
    let text = '';
    for (const b of bytes) text += decoder.decode(new Uint8Array([b]), { stream: true });
    text += decoder.decode();
    stringEqual(c, text, 'a\uD83D\uDE00\uD83Db', 'byte-at-a-time decode');
    decoder.decode(new Uint8Array([0x61, 0x62]), { stream: true });
    expectWtf8Error(
      c,
      api,
      () => decoder.decode(new Uint8Array([0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80])),
      'SURROGATE_PAIR',
      { offset: 5 },
    );
  });

  await check('Wtf8EncoderStream/Wtf8DecoderStream', async (c) => {
    const strings = ['x\uD83D', '\uDE00', '\uDC00y\uD800'];
    const bytes = joinBytes(await pipe(new api.Wtf8EncoderStream(), strings));
    bytesEqual(c, bytes, api.encode(strings.join('')), 'encoder stream output');
    bytesEqual(
      c,
      bytes,
      [0x78, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xb0, 0x80, 0x79, 0xed, 0xa0, 0x80],
      'encoder stream bytes',
    );
    const pieces = [bytes.subarray(0, 2), bytes.subarray(2, 6), bytes.subarray(6, 10), bytes.subarray(10)];
    const text = (await pipe(new api.Wtf8DecoderStream(), pieces)).join('');
    stringEqual(c, text, strings.join(''), 'decoder stream output');
  });

  await check('Wtf8DecoderStream fatal error offset', async (c) => {
    const stream = new api.Wtf8DecoderStream({ fatal: true });
    equal(c, stream.fatal, true, 'stream.fatal');
    let error;
    try {
      await pipe(stream, [new Uint8Array([0x61, 0x62, 0xed]), new Uint8Array([0xa0, 0x80, 0xed, 0xb0, 0x80])]);
    } catch (e) {
      error = e;
    }
    equal(c, error instanceof api.Wtf8Error, true, 'stream errored with a Wtf8Error');
    equal(c, `${error.code}@${error.offset}`, 'SURROGATE_PAIR@5', 'code@offset from the start of the stream');
  });

  return passed;
}

/**
 * In a browser page: runs the smoke body and reports the result in `globalThis.__smoke` and the
 * document title, where the browser tests read it.
 */
export function smokeInPage(api, inspectApi) {
  const report = (result) => {
    globalThis.__smoke = result;
    document.title = result.ok ? 'smoke: pass' : 'smoke: FAIL';
  };
  return smoke(api, inspectApi).then(
    (checks) => report({ ok: true, checks }),
    (error) => report({ ok: false, error: String((error && error.stack) || error) }),
  );
}
