// The platform's own classes as the oracle: Wtf8Decoder, Wtf8Encoder, Wtf8DecoderStream and
// Wtf8EncoderStream beside TextDecoder, TextEncoder, TextDecoderStream and TextEncoderStream, in
// whatever runtime loads this module. Plain ES, no Node built-ins: tests/js/platform.test.mjs runs
// it in each Node of the matrix, tests/e2e/platform.test.mjs in Deno, Bun, Chromium and Firefox.
//
// Each case runs the same calls on ours and on the platform's class and compares what comes out
// (values; error classes, never messages). What the Encoding Standard and Web IDL say is written
// down here as well, and both sides are held to it: ours must follow it (or the README's migration
// table, for the documented differences), and where the platform does not, the case is reported as
// a *deviation* of the platform, by name, so that the caller can pin the list per runtime (a
// runtime that fixes one shows up as well). Covered:
//
// - the classes' shape (Web IDL): read-only accessors on the prototype, no own properties,
//   enumerable members, `Symbol.toStringTag`, `TypeError` for a member called on another object,
//   constructors' and methods' lengths;
// - chunks that are not what the stream takes: `undefined`, `null`, numbers, strings, objects;
// - detached buffers and views on them (empty input in Web IDL's "get a copy of the bytes held by
//   the buffer source"), one-shot, streamed and piped, and as `encodeInto`'s destination;
// - resizable buffers, which Web IDL refuses and wtf8-wasm accepts, as Node, Deno and Bun do;
// - each remaining difference that the README's migration table lists, both sides.

/** The names of the resizable-buffer cases: a deviation of every runtime that accepts them (Node, Deno, Bun). */
export const RESIZABLE_ACCEPTED = [
  'a resizable ArrayBuffer',
  'a length-tracking Uint8Array on a resizable buffer',
  'a Uint8Array that a resizable buffer shrank past',
  'a DataView that a resizable buffer shrank past',
]
  .map((what) => `decode(${what}): accepted (Web IDL: a TypeError)`)
  .concat(['encodeInto("ab", a Uint8Array on a resizable buffer): accepted (Web IDL: a TypeError)']);

/** Web IDL's attribute: a getter, no setter, enumerable, configurable. */
const ATTRIBUTE = 'get enumerable configurable';
/** Web IDL's operation: a writable, enumerable, configurable function. */
const OPERATION = 'method writable enumerable configurable';
/** Web IDL's class string: a read-only, non-enumerable, configurable string. */
const TAG = (name) => `value ${JSON.stringify(name)} configurable`;

/**
 * The four pairs: ours, the platform's, and the members Web IDL gives the platform's prototype:
 * attributes, and operations with their `length` (the number of required arguments) and the
 * arguments they are called with on another object.
 */
function pairs(api) {
  const bytes = new Uint8Array([0x61]);
  return [
    {
      ours: api.Wtf8Decoder,
      platform: globalThis.TextDecoder,
      members: { decode: { length: 0, args: [bytes] }, encoding: ATTRIBUTE, fatal: ATTRIBUTE, ignoreBOM: ATTRIBUTE },
    },
    {
      ours: api.Wtf8Encoder,
      platform: globalThis.TextEncoder,
      members: {
        encode: { length: 0, args: ['a'] },
        encodeInto: { length: 2, args: ['a', new Uint8Array(4)] },
        encoding: ATTRIBUTE,
      },
    },
    {
      ours: api.Wtf8DecoderStream,
      platform: globalThis.TextDecoderStream,
      members: {
        encoding: ATTRIBUTE,
        fatal: ATTRIBUTE,
        ignoreBOM: ATTRIBUTE,
        readable: ATTRIBUTE,
        writable: ATTRIBUTE,
      },
    },
    {
      ours: api.Wtf8EncoderStream,
      platform: globalThis.TextEncoderStream,
      members: { encoding: ATTRIBUTE, readable: ATTRIBUTE, writable: ATTRIBUTE },
    },
  ];
}

/** A property descriptor in words: kind and flags (never the function itself). */
function shapeOf(descriptor) {
  if (descriptor === undefined) return 'absent';
  const flags = ['writable', 'enumerable', 'configurable'].filter((f) => descriptor[f]);
  if (descriptor.get !== undefined || descriptor.set !== undefined)
    return [descriptor.get && 'get', descriptor.set && 'set', ...flags].filter(Boolean).join(' ');
  if (typeof descriptor.value === 'function') return ['method', ...flags].join(' ');
  return [`value ${JSON.stringify(descriptor.value)}`, ...flags].join(' ');
}

/** The class of an error (`Wtf8Error` is a `TypeError`), or `'none'`; never the message. */
function errorClass(fn) {
  try {
    fn();
    return 'none';
  } catch (error) {
    for (const Class of [RangeError, TypeError]) if (error instanceof Class) return Class.name;
    return error?.constructor?.name ?? typeof error;
  }
}

/** A result or the class of what was thrown, as one comparable string. */
function outcome(fn) {
  try {
    const value = fn();
    if (value instanceof Uint8Array) return `bytes ${Array.from(value).join(',')}`;
    return JSON.stringify(value);
  } catch (error) {
    for (const Class of [RangeError, TypeError]) if (error instanceof Class) return Class.name;
    return `thrown ${error?.constructor?.name}`;
  }
}

/**
 * Writes `chunks` to a new stream from `make()` while a reader reads: what each write, the close
 * and the reading end in, and what was read (strings, or bytes as numbers).
 */
async function streamOutcome(make, chunks) {
  const stream = make();
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const got = [];
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'done';
        got.push(typeof value === 'string' ? value : Array.from(value).join(','));
      }
    } catch (error) {
      return `read ${error instanceof TypeError ? 'TypeError' : error?.constructor?.name}`;
    }
  })();
  const settled = (promise, what) =>
    promise.then(
      () => 'ok',
      (error) => `${what} ${error instanceof TypeError ? 'TypeError' : error?.constructor?.name}`,
    );
  const writes = chunks.map((chunk) => settled(writer.write(chunk), 'write'));
  const closed = settled(writer.close(), 'close');
  return JSON.stringify({ writes: await Promise.all(writes), closed: await closed, end: await reading, got });
}

/** Detaches `buffer` (as `postMessage` with a transfer list does). */
function detach(buffer) {
  structuredClone(buffer, { transfer: [buffer] });
  return buffer;
}

/** Buffer sources that hold no bytes any more, each made fresh, by name. */
function emptied() {
  const fresh = (make) => () => {
    const buffer = new ArrayBuffer(8);
    new Uint8Array(buffer).fill(0x61);
    const made = make(buffer);
    detach(buffer);
    return made;
  };
  const kinds = {
    'a detached ArrayBuffer': fresh((b) => b),
    'a Uint8Array on a detached buffer': fresh((b) => new Uint8Array(b)),
    'a Uint8Array at an offset on a detached buffer': fresh((b) => new Uint8Array(b, 3, 2)),
    'a DataView on a detached buffer': fresh((b) => new DataView(b, 1)),
    'a Uint16Array on a detached buffer': fresh((b) => new Uint16Array(b, 2)),
  };
  return kinds;
}

const bytes = (...values) => new Uint8Array(values);
const h = bytes;
const forged = () => ({ [Symbol.toStringTag]: 'ArrayBuffer', byteLength: 2, 0: 0x61, 1: 0x62, length: 2 });
const shared = () => {
  const buffer = new SharedArrayBuffer(2);
  new Uint8Array(buffer).set([0x61, 0x62]);
  return buffer;
};

/**
 * Runs every case; resolves to `{ checked, failures, deviations }`: `failures` (at most 30) name
 * the case, what ours gave and what was wanted; `deviations` name the cases where the platform
 * departs from the standard (ours is then held to the standard).
 */
export async function checkPlatform(api) {
  const failures = [];
  const deviations = [];
  let checked = 0;
  /**
   * Ours must give `want`; the platform should give `platformWant` (by default the same), else
   * it is a deviation named `what` (`platform` undefined: nothing to compare on that side).
   */
  const expect = (what, ours, want, platform, platformWant = want) => {
    checked++;
    if (ours !== want && failures.length < 30) failures.push(`${what}: ours ${ours}, want ${want}`);
    if (platform !== undefined && platform !== platformWant) deviations.push(what);
  };

  // --- the classes' shape ----------------------------------------------------------------------
  for (const { ours, platform, members } of pairs(api)) {
    const names = `${ours.name} / ${platform.name}`;
    const memberNames = (Class) =>
      Object.getOwnPropertyNames(Class.prototype)
        .filter((k) => k !== 'constructor')
        .sort()
        .join(',');
    const want = Object.keys(members).sort().join(',');
    expect(`${names}: the prototype's members`, memberNames(ours), want, memberNames(platform));
    for (const [key, kind] of Object.entries(members)) {
      const shape = kind === ATTRIBUTE ? ATTRIBUTE : OPERATION;
      const of = (Class) => shapeOf(Object.getOwnPropertyDescriptor(Class.prototype, key));
      // Ours are not enumerable, as a class's members are not (the README's migration table).
      expect(`${names}: ${key} is ${shape}`, of(ours), shape.replace(' enumerable', ''), of(platform), shape);
    }
    const tag = (Class) => shapeOf(Object.getOwnPropertyDescriptor(Class.prototype, Symbol.toStringTag));
    expect(`${platform.name}: Symbol.toStringTag`, tag(ours), TAG(ours.name), tag(platform), TAG(platform.name));
    expect(`${names}: constructor length`, String(ours.length), '0', String(platform.length));
    expect(
      `${names}: called without new`,
      errorClass(() => ours()),
      'TypeError',
      errorClass(() => platform()),
    );

    const mine = new ours();
    const theirs = new platform();
    expect(`${names}: Object.prototype.toString`, Object.prototype.toString.call(mine), `[object ${ours.name}]`);
    // Platforms keep their state in symbol-keyed own properties (Node, Deno): only names count there.
    expect(
      `${names}: own properties of an instance`,
      Reflect.ownKeys(mine).map(String).join(','),
      '',
      Object.keys(theirs).join(','),
    );
    for (const [key, kind] of Object.entries(members)) {
      const descriptorOf = (Class) => Object.getOwnPropertyDescriptor(Class.prototype, key);
      if (kind === ATTRIBUTE) {
        // Assigning to a read-only accessor: false (a TypeError in strict code), nothing changes.
        const assign = (instance) => {
          const before = instance[key];
          return `${Reflect.set(instance, key, key === 'encoding' ? 'utf-8' : !before)} ${instance[key] === before}`;
        };
        expect(`${names}: assigning ${key}`, assign(mine), 'false true', assign(theirs));
        const strict = (instance) => errorClass(() => void (instance[key] = null)); // modules are strict code
        expect(`${names}: assigning ${key} in strict code`, strict(mine), 'TypeError', strict(theirs));
      } else {
        const length = (Class) => String(descriptorOf(Class).value.length);
        expect(`${names}: ${key}.length`, length(ours), String(kind.length), length(platform));
      }
      // A member used on another object: a plain one, and one that only inherits from the prototype.
      for (const [which, other] of [
        ['a plain object', () => ({})],
        ['an object made from the prototype', (Class) => Object.create(Class.prototype)],
      ]) {
        const use = (Class) => {
          const d = descriptorOf(Class);
          return errorClass(() => (d.get ? d.get.call(other(Class)) : d.value.apply(other(Class), kind.args)));
        };
        expect(`${names}: ${key} on ${which}`, use(ours), 'TypeError', use(platform));
      }
    }
  }

  // --- chunks that are not what the stream takes -----------------------------------------------
  const { Wtf8Decoder, Wtf8Encoder, Wtf8DecoderStream, Wtf8EncoderStream } = api;
  const errored = (okWrites) =>
    JSON.stringify({
      writes: [...Array(okWrites).fill('ok'), 'write TypeError', 'write TypeError'],
      closed: 'close TypeError',
      end: 'read TypeError',
      got: okWrites > 0 ? ['a'] : [],
    });
  for (const [what, chunk] of [
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['a string', 'abc'],
    ['an object', { length: 1, 0: 0x61 }],
    ['an array of bytes', [0x61]],
  ]) {
    const chunks = [bytes(0x61), chunk, bytes(0x62)];
    expect(
      `TextDecoderStream given ${what} as a chunk: a TypeError errors the stream`,
      await streamOutcome(() => new Wtf8DecoderStream(), chunks),
      errored(1),
      await streamOutcome(() => new TextDecoderStream(), chunks),
    );
  }
  // TextEncoderStream converts any chunk to a string; ours takes strings only (the README's
  // migration table: a non-string is a bug), `undefined` included, never dropped.
  for (const [what, chunk, text] of [
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a number', 42, '42'],
    ['an object', { toString: () => 'x' }, 'x'],
  ]) {
    const chunks = ['a', chunk, 'b'];
    const converted = JSON.stringify({
      writes: ['ok', 'ok', 'ok'],
      closed: 'ok',
      end: 'done',
      got: ['a', text, 'b'].map((s) => Array.from(new TextEncoder().encode(s)).join(',')),
    });
    expect(
      `Wtf8EncoderStream given ${what} as a chunk: a TypeError errors the stream (TextEncoderStream converts it)`,
      await streamOutcome(() => new Wtf8EncoderStream(), chunks),
      errored(1).replace('"got":["a"]', '"got":["97"]'),
      await streamOutcome(() => new TextEncoderStream(), chunks),
      converted,
    );
  }
  // A missing argument is the default where the platform has one: `encode()`, `decode()`.
  for (const [what, ours, platform, want] of [
    ['encode()', () => new Wtf8Encoder().encode(), () => new TextEncoder().encode(), 'bytes '],
    [
      'encode(undefined)',
      () => new Wtf8Encoder().encode(undefined),
      () => new TextEncoder().encode(undefined),
      'bytes ',
    ],
    ['decode()', () => new Wtf8Decoder().decode(), () => new TextDecoder().decode(), '""'],
    ['decode(undefined)', () => new Wtf8Decoder().decode(undefined), () => new TextDecoder().decode(undefined), '""'],
    ['decode(null)', () => new Wtf8Decoder().decode(null), () => new TextDecoder().decode(null), 'TypeError'],
    // Only a real buffer is one (Web IDL checks the internal slots), not an object that claims the name.
    [
      'decode(an object tagged ArrayBuffer)',
      () => new Wtf8Decoder().decode(forged()),
      () => new TextDecoder().decode(forged()),
      'TypeError',
    ],
    // (Pages that are not cross-origin isolated have no SharedArrayBuffer.)
    ...(typeof SharedArrayBuffer === 'function'
      ? [
          [
            'decode(a SharedArrayBuffer)',
            () => new Wtf8Decoder().decode(shared()),
            () => new TextDecoder().decode(shared()),
            '"ab"',
          ],
        ]
      : []),
  ])
    expect(what, outcome(ours), want, outcome(platform));

  // One BOM per stream, also when the first is cut across chunks: the second is data.
  for (const cut of [1, 2]) {
    const twoBoms = (decoder) => () => {
      const bytes = h(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61);
      return decoder.decode(bytes.subarray(0, cut), { stream: true }) + decoder.decode(bytes.subarray(cut));
    };
    expect(
      `ignoreBOM: false strips one BOM when the first is cut after ${cut} byte(s)`,
      outcome(twoBoms(new Wtf8Decoder({ ignoreBOM: false }))),
      '"\ufeffa"',
      outcome(twoBoms(new TextDecoder('utf-8', { ignoreBOM: false }))),
    );
  }

  // --- the README's migration table: each remaining difference, both sides held to it ---------
  const afterError = (decoder) => () => {
    // A BOM, a strict error inside a `stream: true` call, then a BOM: data if the same stream
    // went on (the platform), stripped if a new one started (ours).
    const first = decoder.decode(h(0xef, 0xbb, 0xbf, 0x61), { stream: true });
    try {
      decoder.decode(h(0xff), { stream: true });
      return 'no error';
    } catch {
      return first + decoder.decode(h(0xef, 0xbb, 0xbf, 0x62));
    }
  };
  const strictError = (decoder) => () => {
    try {
      decoder.decode(h(0x61, 0xff));
      return 'no error';
    } catch (error) {
      return `${error instanceof TypeError} ${error.offset ?? 'no offset'}`;
    }
  };
  for (const [what, ours, wantOurs, platform, wantPlatform] of [
    [
      'lone surrogates',
      () => new Wtf8Encoder().encode('\uD800'),
      'bytes 237,160,128',
      () => new TextEncoder().encode('\uD800'),
      'bytes 239,191,189',
    ],
    [
      'the label utf-8',
      () => new Wtf8Decoder('utf-8').encoding,
      'RangeError',
      () => new TextDecoder('utf-8').encoding,
      '"utf-8"',
    ],
    [
      'a leading BOM, by default',
      () => new Wtf8Decoder().decode(h(0xef, 0xbb, 0xbf, 0x61)),
      '"\ufeffa"',
      () => new TextDecoder().decode(h(0xef, 0xbb, 0xbf, 0x61)),
      '"a"',
    ],
    [
      'a strict error',
      strictError(new Wtf8Decoder({ fatal: true })),
      '"true 1"',
      strictError(new TextDecoder('utf-8', { fatal: true })),
      '"true no offset"',
    ],
    [
      'after a strict error in a stream: true call',
      afterError(new Wtf8Decoder({ fatal: true, ignoreBOM: false })),
      '"ab"',
      afterError(new TextDecoder('utf-8', { fatal: true })),
      '"a\ufeffb"',
    ],
    [
      'new …(options)',
      () => new Wtf8Decoder({ fatal: true }).fatal,
      'true',
      () => new TextDecoder({ fatal: true }).fatal,
      'RangeError',
    ],
    [
      'a third constructor argument',
      () => new Wtf8Decoder('wtf-8', {}, { fatal: true }).fatal,
      'TypeError',
      () => new TextDecoder('utf-8', {}, { fatal: true }).fatal,
      'false',
    ],
    ['encode(42)', () => new Wtf8Encoder().encode(42), 'TypeError', () => new TextEncoder().encode(42), 'bytes 52,50'],
    [
      'encode(null)',
      () => new Wtf8Encoder().encode(null),
      'TypeError',
      () => new TextEncoder().encode(null),
      'bytes 110,117,108,108',
    ],
    [
      'encodeInto(null, destination)',
      () => new Wtf8Encoder().encodeInto(null, new Uint8Array(8)),
      'TypeError',
      () => new TextEncoder().encodeInto(null, new Uint8Array(8)),
      '{"read":4,"written":4}',
    ],
    [
      'encode(text, a second argument that is not an object)',
      () => new Wtf8Encoder().encode('a', 0),
      'TypeError',
      () => new TextEncoder().encode('a', 0),
      'bytes 97',
    ],
    [
      'encode(text, { stream: true }) holds back a lead surrogate',
      () => new Wtf8Encoder().encode('a\uD83D', { stream: true }),
      'bytes 97',
      () => new TextEncoder().encode('a\uD83D', { stream: true }),
      'bytes 97,239,191,189',
    ],
    [
      'instanceof the platform class',
      () => new Wtf8Decoder() instanceof TextDecoder,
      'false',
      () => new TextDecoder() instanceof TextDecoder,
      'true',
    ],
  ]) {
    expect(`migration table: ${what}`, outcome(ours), wantOurs, outcome(platform), wantPlatform);
  }

  // --- buffer sources that hold no bytes any more ------------------------------------------------
  for (const [what, make] of Object.entries(emptied())) {
    for (const fatal of [false, true]) {
      expect(
        `decode(${what}), fatal ${fatal}: empty input`,
        outcome(() => new Wtf8Decoder({ fatal }).decode(make())),
        '""',
        outcome(() => new TextDecoder('utf-8', { fatal }).decode(make())),
      );
      expect(
        `the function decode(${what}), fatal ${fatal}`,
        outcome(() => api.decode(make(), { fatal })),
        '""',
      );
      // Between two halves of a sequence, with stream: true: an empty chunk, the sequence goes on.
      const streamed = (decoder) => () =>
        decoder.decode(bytes(0xe2), { stream: true }) +
        decoder.decode(make(), { stream: true }) +
        decoder.decode(bytes(0x82, 0xac));
      expect(
        `decode(${what}, { stream: true }) inside a sequence, fatal ${fatal}`,
        outcome(streamed(new Wtf8Decoder('wtf-8', { fatal }))),
        '"€"',
        outcome(streamed(new TextDecoder('utf-8', { fatal }))),
      );
      const chunks = () => [bytes(0xe2), make(), bytes(0x82, 0xac)];
      expect(
        `TextDecoderStream given ${what} inside a sequence, fatal ${fatal}`,
        await streamOutcome(() => new Wtf8DecoderStream({ fatal }), chunks()),
        JSON.stringify({ writes: ['ok', 'ok', 'ok'], closed: 'ok', end: 'done', got: ['€'] }),
        await streamOutcome(() => new TextDecoderStream('utf-8', { fatal }), chunks()),
      );
    }
    // The functions beyond the platform's: what they give for empty input.
    const empty = new Uint8Array(0);
    for (const [name, fn] of [
      ['isWtf8', (x) => api.isWtf8(x)],
      ['checkWtf8', (x) => api.checkWtf8(x)],
      ['checkUtf8', (x) => api.checkUtf8(x)],
      ['wtf8ToUtf8', (x) => api.wtf8ToUtf8(x)],
      ['wtf8ToUtf8 fatal', (x) => api.wtf8ToUtf8(x, { fatal: true })],
      ['concat', (x) => api.concat([api.encode('\uD83D'), x, api.encode('\uDE00')])],
    ])
      expect(
        `${name}(${what}) as of empty input`,
        outcome(() => fn(make())),
        outcome(() => fn(empty)),
      );
  }
  // Resizable buffers (ES2024): Web IDL's BufferSource refuses them (a TypeError, as Chromium and
  // Firefox throw) unless an argument says [AllowResizable], which TextDecoder's and
  // TextEncoder's do not. Node, Deno and Bun accept them, and so does wtf8-wasm (the README's
  // migration table): a view reads the bytes it sees now, none once the buffer shrank past it.
  if (new ArrayBuffer(1, { maxByteLength: 2 }).resizable === true) {
    const resizable = () => {
      const buffer = new ArrayBuffer(4, { maxByteLength: 8 });
      new Uint8Array(buffer).set([0x61, 0x62, 0x63, 0x64]);
      return buffer;
    };
    const shrunk = (make) => () => {
      const buffer = resizable();
      const view = make(buffer);
      buffer.resize(1);
      return view;
    };
    for (const [what, make, want] of [
      ['a resizable ArrayBuffer', resizable, '"abcd"'],
      ['a length-tracking Uint8Array on a resizable buffer', () => new Uint8Array(resizable()), '"abcd"'],
      ['a Uint8Array that a resizable buffer shrank past', shrunk((b) => new Uint8Array(b, 2, 2)), '""'],
      ['a DataView that a resizable buffer shrank past', shrunk((b) => new DataView(b, 2, 2)), '""'],
    ]) {
      expect(
        `decode(${what}): accepted (Web IDL: a TypeError)`,
        outcome(() => new Wtf8Decoder().decode(make())),
        want,
        outcome(() => new TextDecoder().decode(make())),
        'TypeError',
      );
    }
    expect(
      'encodeInto("ab", a Uint8Array on a resizable buffer): accepted (Web IDL: a TypeError)',
      outcome(() => new Wtf8Encoder().encodeInto('ab', new Uint8Array(resizable()))),
      '{"read":2,"written":2}',
      outcome(() => new TextEncoder().encodeInto('ab', new Uint8Array(resizable()))),
      'TypeError',
    );
  }

  // encodeInto's destination on a detached buffer: no room.
  const detachedDestination = () => {
    const destination = new Uint8Array(8);
    detach(destination.buffer);
    return destination;
  };
  for (const text of ['abc', 'a\uD800', '']) {
    const want = '{"read":0,"written":0}';
    expect(
      `encodeInto(${JSON.stringify(text)}, a detached Uint8Array)`,
      outcome(() => new Wtf8Encoder().encodeInto(text, detachedDestination())),
      want,
      outcome(() => new TextEncoder().encodeInto(text, detachedDestination())),
    );
    expect(
      `the function encodeInto(${JSON.stringify(text)}, a detached Uint8Array)`,
      outcome(() => api.encodeInto(text, detachedDestination())),
      want,
    );
  }
  return { checked, failures, deviations };
}
