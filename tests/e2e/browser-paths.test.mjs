// The package's browser paths, differentially, in real engines: code units move between strings
// and wasm memory through the JS String Builtins (js/strings.wat) where the engine has them, and
// through charCodeAt/fromCharCode loops where it does not (WebKit: the loops are its only path).
// Node never takes either path (it has Buffer), so tests/js cannot reach them.
//
// Inputs are generated here, in Node, with the seeded generators of tests/js/support.mjs; the
// expected results come from the naive reference encoder there and from the package as Node runs
// it (which tests/js checks against TextEncoder, TextDecoder, Buffer and that reference). The page
// gets code units and bytes packed in base64 strings (strings with lone surrogates would not
// survive the protocol, and arrays of numbers cross it one tagged value at a time: 25 MB of them
// took 18-28 s a browser, against 1-5 s of checking), runs the API, and reports every mismatch.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { CHROMIUM, FIREFOX, launchChromium, launchFirefox, launchWebKit, noWebKit } from '../support/browsers.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { naiveEncode, naiveEncodeInto, randomBytes, randomString, rng, wtf8 } from '../js/support.mjs';

/** Strings of every size class the encode and decode paths distinguish, lone surrogates included. */
function makeStrings(r) {
  const strings = [];
  for (let i = 0; i < 1500; i++) strings.push(randomString(r, 60));
  // Long strings: random pieces between runs of clean text, so well-formed and dirty blocks mix.
  const RUNS = [
    'The quick brown fox. ',
    'Всеобщая декларация ',
    '人人生而自由，在尊严和权利上一律平等。',
    'emoji 😀🙌🏽 ',
  ];
  const long = (units) => {
    let s = '';
    while (s.length < units) s += r.chance(0.5) ? r.pick(RUNS).repeat(1 + r.int(40)) : randomString(r, 24);
    return s.slice(0, units);
  };
  for (let i = 0; i < 150; i++) strings.push(long(200 + r.int(5000)));
  // Past the 64 Ki-unit chunks of the wasm moves, with a lone surrogate on each side of a boundary;
  // and ones with a lone surrogate every `spacing` units, enough to go through wasm whole: a
  // 64 KiB chunk of bytes then decodes to up to 64 Ki units.
  for (const units of [70_000, 140_000]) strings.push(long(units - 1) + '\uD800', '\uDC00' + long(units) + '\uDBFF');
  const sprinkled = (units, spacing) =>
    Array.from(
      { length: units / spacing },
      () => 'a'.repeat(spacing - 1) + String.fromCharCode(0xd800 + r.int(0x800)),
    ).join('');
  strings.push(sprinkled(70_000, 10), sprinkled(200_000, 250));
  // Clean text with a few lone surrogates anywhere, the ends and the chunk boundaries included:
  // the native encoder writes the stretches between them.
  const rare = (units, count) => {
    const text = [...long(units)];
    for (let k = 0; k < count; k++)
      text.splice(
        r.pick([0, text.length, 21_845, 21_844, r.int(text.length + 1)]),
        0,
        String.fromCharCode(0xd800 + r.int(0x800)),
      );
    return text.join('');
  };
  for (let i = 0; i < 40; i++) strings.push(rare(200 + r.int(60_000), 1 + r.int(6)));
  return strings;
}

function makeByteInputs(r) {
  const inputs = [];
  for (let i = 0; i < 1500; i++) inputs.push(randomBytes(r, 40));
  for (let i = 0; i < 100; i++) {
    const parts = [];
    let length = 0;
    while (length < 300 + r.int(4000)) {
      const part = r.chance(0.7) ? wtf8.encode(randomString(r, 40)) : randomBytes(r, 8);
      parts.push(part);
      length += part.length;
    }
    inputs.push(new Uint8Array(parts.flatMap((p) => [...p])));
  }
  return inputs;
}

/** Bytes as base64 (the page unpacks them with `unpack`). */
const packBytes = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
/** A string's code units as base64 of their UTF-16LE bytes: lone surrogates and all. */
const packUnits = (text) => Buffer.from(text, 'utf16le').toString('base64');

/** What the package, as Node runs it, says about `bytes` in strict mode. */
function strictOutcome(bytes) {
  try {
    return { units: packUnits(wtf8.decode(bytes, { fatal: true })) };
  } catch (error) {
    return { code: error.code, offset: error.offset };
  }
}

function cases(seed) {
  const r = rng(seed);
  const strings = makeStrings(r).map((s) => {
    const room = r.int(3 * s.length + 2);
    return {
      units: packUnits(s),
      wtf8: packBytes(new Uint8Array(naiveEncode(s))),
      utf8: packBytes(new TextEncoder().encode(s)),
      room,
      into: naiveEncodeInto(s, room),
      cuts: [r.int(s.length + 1), r.int(s.length + 1)].sort((a, b) => a - b),
    };
  });
  const bytes = makeByteInputs(r).map((b) => ({
    bytes: packBytes(b),
    lenient: packUnits(wtf8.decode(b)),
    strict: strictOutcome(b),
  }));
  return { strings, bytes };
}

/**
 * Runs in the page: imports the package (recording which wasm instances it makes; with
 * `refuseBuiltins`, compiling with the builtins option fails as in an engine without them) and
 * checks every case. Returns `{ moves, checked, failures }`.
 */
async function pageBody({ url, refuseBuiltins, strings, bytes }) {
  const instances = [];
  const { Module, Instance } = WebAssembly;
  WebAssembly.Instance = new Proxy(Instance, {
    construct(target, argv, newTarget) {
      const made = Reflect.construct(target, argv, newTarget);
      instances.push(Object.keys(made.exports).sort().join(','));
      return made;
    },
  });
  if (refuseBuiltins) {
    WebAssembly.Module = new Proxy(Module, {
      construct(target, argv, newTarget) {
        if (argv[1]?.builtins) throw new WebAssembly.CompileError('builtins refused by the test');
        return Reflect.construct(target, argv, newTarget);
      },
    });
  }
  // The proxies stay until every case has run: the package compiles its modules on the first call
  // that needs them, not at import.
  try {
    return await checkAll(await import(url), strings, bytes, instances);
  } finally {
    WebAssembly.Instance = Instance;
    WebAssembly.Module = Module;
  }

  /** Checks every case with the package `api`; `instances` are the wasm instances made meanwhile. */
  function checkAll(api, strings, bytes, instances) {
    const failures = [];
    const fail = (what, detail) => failures.length < 10 && failures.push(`${what}: ${detail}`);
    const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    /** The bytes packed in base64 by the test (the engine's own `atob`, independent of the package). */
    const unpack = (base64) => {
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return bytes;
    };
    /** The string whose UTF-16LE code units the test packed. */
    const unpackText = (base64) => {
      const bytes = unpack(base64);
      const units = new Uint16Array(bytes.length / 2);
      for (let i = 0; i < units.length; i++) units[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
      let s = '';
      for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode(...units.subarray(i, i + 8192));
      return s;
    };
    const sameBytes = (a, b) => {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
      return true;
    };
    let checked = 0;
    for (const [n, c] of strings.entries()) {
      const s = unpackText(c.units);
      const wtf8 = unpack(c.wtf8);
      const encoded = api.encode(s);
      if (!sameBytes(encoded, wtf8)) fail(`encode #${n}`, `length ${s.length}`);
      if (api.decode(encoded) !== s) fail(`decode(encode) #${n}`, `length ${s.length}`);
      if (api.decode(encoded, { fatal: true }) !== s) fail(`strict decode(encode) #${n}`, `length ${s.length}`);
      if (!sameBytes(api.toUtf8(s), unpack(c.utf8))) fail(`toUtf8 #${n}`, `length ${s.length}`);
      const out = new Uint8Array(c.room);
      const into = api.encodeInto(s, out);
      if (
        into.read !== c.into.read ||
        into.written !== c.into.written ||
        !sameBytes(out.subarray(0, into.written), wtf8.subarray(0, into.written))
      ) {
        fail(`encodeInto #${n}`, `room ${c.room}: got ${JSON.stringify(into)}, want ${JSON.stringify(c.into)}`);
      }
      const decoder = new api.Wtf8Decoder({ fatal: true });
      const [a, b] = c.cuts.map((cut) =>
        Math.min(encoded.length, Math.round((cut / Math.max(1, s.length)) * encoded.length)),
      );
      const streamed =
        decoder.decode(encoded.subarray(0, a), { stream: true }) +
        decoder.decode(encoded.subarray(a, b), { stream: true }) +
        decoder.decode(encoded.subarray(b));
      if (streamed !== s) fail(`Wtf8Decoder #${n}`, `cut at ${a}, ${b}`);
      checked++;
    }
    for (const [n, c] of bytes.entries()) {
      const input = unpack(c.bytes);
      if (api.decode(input) !== unpackText(c.lenient)) fail(`lenient decode #${n}`, toHex(input).slice(0, 80));
      let strict;
      try {
        strict = { units: api.decode(input, { fatal: true }) };
      } catch (error) {
        strict = { code: error.code, offset: error.offset };
      }
      const same = c.strict.units
        ? strict.units !== undefined && strict.units === unpackText(c.strict.units)
        : strict.code === c.strict.code && strict.offset === c.strict.offset;
      if (!same)
        fail(
          `strict decode #${n}`,
          `${toHex(input).slice(0, 80)}: got ${strict.code ?? 'a string'} at ${strict.offset}, want ${c.strict.code ?? 'a string'} at ${c.strict.offset}`,
        );
      checked++;
    }
    return { moves: instances.includes('read,write'), instances, checked, failures };
  }
}

const CASES = cases(0x5eed_2026);
let server;
before(async () => {
  server = await startServer({ port: 0 });
});
after(async () => {
  await server?.close();
});

async function runIn(launch, refuseBuiltins) {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    // A page of the server's origin; the query gives the test its own instance of the package
    // (the demo page has imported one already).
    await page.goto(server.url);
    return await page.evaluate(pageBody, {
      url: new URL('/pkg/dist/wtf8-wasm.mjs?browser-paths', server.url).href,
      refuseBuiltins,
      ...CASES,
    });
  } finally {
    await browser.close();
  }
}

const total = CASES.strings.length + CASES.bytes.length;
const noChromium = !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM} (bash scripts/setup.sh installs it)`;
const noFirefox = !existsSync(FIREFOX) && `no Firefox at ${FIREFOX} (bash scripts/setup.sh installs it)`;

test(
  'Chromium: code units move through the JS String Builtins, and every result matches',
  { skip: noChromium },
  async () => {
    const result = await runIn(launchChromium, false);
    assert.deepEqual(result.failures, []);
    assert.equal(result.checked, total);
    assert.ok(
      result.moves,
      `the string-moves module was not instantiated (instances: ${result.instances.join(' | ')})`,
    );
  },
);

test(
  'Chromium without the builtins: the charCodeAt/fromCharCode loops, and every result matches',
  { skip: noChromium },
  async () => {
    const result = await runIn(launchChromium, true);
    assert.deepEqual(result.failures, []);
    assert.equal(result.checked, total);
    assert.ok(!result.moves, 'the string-moves module was instantiated although compiling it failed');
  },
);

test(
  'Firefox: code units move through the JS String Builtins, and every result matches',
  { skip: noFirefox },
  async () => {
    const result = await runIn(launchFirefox, false);
    assert.deepEqual(result.failures, []);
    assert.equal(result.checked, total);
    assert.ok(
      result.moves,
      `the string-moves module was not instantiated (instances: ${result.instances.join(' | ')})`,
    );
  },
);

test(
  'WebKit: no JS String Builtins, so code units move through the charCodeAt/fromCharCode loops, and every result matches',
  { skip: noWebKit },
  async () => {
    const result = await runIn(launchWebKit, false);
    assert.deepEqual(result.failures, []);
    assert.equal(result.checked, total);
    // WebKitGTK 2.50 ignores `builtins: ['js-string']`: the module compiles with its imports left
    // to the caller, the package's probe fails to link it, and the loops move the code units.
    assert.ok(
      !result.moves,
      `WebKit instantiated the string-moves module (instances: ${result.instances.join(' | ')})`,
    );
  },
);
