// The benchmark bodies, shared by Node (benches/run.mjs) and Chromium (benches/browser/page.mjs).
// Plain ES: no Node built-ins here; everything platform-specific comes in through `env`.
//
// env = {
//   runtime: 'node20' | … | 'chromium' | 'firefox',
//   now: () => milliseconds (performance.now),
//   ours: { encode, decode, toUtf8, encodeInto },        // wtf8-wasm, as built in pkg/
//   Buffer?,                                             // Node only
//   wtf8?: { encode, decode },                           // npm `wtf-8` (byte strings)
//   binary?: { toBytes(byteString), fromBytes(u8) },     // byte string <-> Uint8Array, for wtf-8
//   cto?: { Wtf8Encoder, Wtf8Decoder },                  // npm `@cto.af/wtf8`
// }
//
// opts.contenders: 'matrix' (ours, the platform call, and the platform call again as a control
// whose ratio to the first shows the noise of the run) or 'all' (also encodeInto, toUtf8, Buffer
// and the peer libraries). Which plan of js/routes.ts ours runs is set once per process, before
// anything is timed (`--plans`: benches/run.mjs runs one process per plan).

let sink = 0; // every timed loop's result ends up here, so no work is optimised away

/**
 * What a decode loop does with each string: reads its length and its middle code unit. Reading a
 * unit makes the engine flatten a string built by concatenation (a rope), so a route that returns
 * one pays for it here, as its user would at first use; a flat string costs nothing extra.
 */
const used = (text) => text.length + text.charCodeAt(text.length >>> 1);

// ---------------------------------------------------------------------------------------------
// Contenders. Each loop is written out on its own (not through a shared helper) so that every
// call site stays monomorphic and no contender pays for another's type feedback.

/** Encode side: string → bytes. `expect`: which reference the output must equal. */
export function encodeContenders(env, s, opts = {}) {
  const { ours, Buffer, wtf8, binary, cto } = env;
  const te = new TextEncoder();
  const te2 = new TextEncoder();
  const dest = new Uint8Array(s.length * 3 + 16);
  const into = (r) => dest.slice(0, r.written);
  const list = [
    {
      id: 'ours.encode',
      short: 'encode',
      kind: 'ours',
      expect: 'wtf8',
      once: () => ours.encode(s),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += ours.encode(s).length;
        return a;
      },
    },
    {
      id: 'TextEncoder.encode',
      short: 'TE',
      kind: 'lossy',
      expect: 'utf8',
      once: () => te.encode(s),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += te.encode(s).length;
        return a;
      },
    },
    {
      id: 'TextEncoder.encode (control)',
      short: "TE'",
      kind: 'control',
      expect: 'utf8',
      once: () => te2.encode(s),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += te2.encode(s).length;
        return a;
      },
    },
  ];
  if (opts.contenders === 'matrix') return list;
  list.push(
    {
      id: 'ours.encodeInto',
      short: 'encInto',
      kind: 'ours',
      expect: 'wtf8',
      into: true,
      once: () => {
        const r = ours.encodeInto(s, dest);
        return r.read === s.length ? into(r) : `read ${r.read} of ${s.length}`;
      },
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += ours.encodeInto(s, dest).written;
        return a;
      },
    },
    {
      id: 'ours.toUtf8',
      short: 'toUtf8',
      kind: 'ours',
      expect: 'utf8',
      once: () => ours.toUtf8(s),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += ours.toUtf8(s).length;
        return a;
      },
    },
    {
      id: 'TextEncoder.encodeInto',
      short: 'TE.into',
      kind: 'lossy',
      expect: 'utf8',
      into: true,
      once: () => {
        const r = te.encodeInto(s, dest);
        return r.read === s.length ? into(r) : `read ${r.read} of ${s.length}`;
      },
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += te.encodeInto(s, dest).written;
        return a;
      },
    },
  );
  if (Buffer) {
    list.push(
      {
        id: "Buffer.from(s,'utf8')",
        short: 'Buf8',
        kind: 'lossy',
        expect: 'utf8',
        once: () => Buffer.from(s, 'utf8'),
        run: (n) => {
          let a = 0;
          for (let i = 0; i < n; i++) a += Buffer.from(s, 'utf8').length;
          return a;
        },
      },
      {
        id: "Buffer.from(s,'utf16le')",
        short: 'Buf16',
        kind: 'limit',
        expect: 'utf16le',
        once: () => Buffer.from(s, 'utf16le'),
        run: (n) => {
          let a = 0;
          for (let i = 0; i < n; i++) a += Buffer.from(s, 'utf16le').length;
          return a;
        },
      },
    );
  }
  if (wtf8 && binary) {
    // wtf-8 returns a "byte string" (one char per byte): converting it to a Uint8Array is part
    // of its cost, since our API and every other contender return bytes.
    list.push({
      id: 'wtf-8',
      short: 'wtf-8',
      kind: 'peer',
      expect: 'wtf8',
      once: () => binary.toBytes(wtf8.encode(s)),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += binary.toBytes(wtf8.encode(s)).length;
        return a;
      },
    });
  }
  if (cto) {
    const enc = new cto.Wtf8Encoder();
    list.push({
      id: '@cto.af/wtf8',
      short: 'cto.af',
      kind: 'peer',
      expect: 'wtf8',
      once: () => enc.encode(s),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += enc.encode(s).length;
        return a;
      },
    });
  }
  return list;
}

/** Decode side: bytes → string. Every contender gets the same WTF-8 bytes, except the UTF-16LE copy. */
export function decodeContenders(env, s, wtf8Bytes, utf16Bytes, opts = {}) {
  const { ours, Buffer, wtf8, binary, cto } = env;
  const td = new TextDecoder('utf-8', { ignoreBOM: true });
  const td2 = new TextDecoder('utf-8', { ignoreBOM: true });
  const b = wtf8Bytes;
  const list = [
    {
      id: 'ours.decode',
      short: 'decode',
      kind: 'ours',
      expect: 'string',
      once: () => ours.decode(b),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += used(ours.decode(b));
        return a;
      },
    },
    {
      id: 'TextDecoder.decode',
      short: 'TD',
      kind: 'lossy',
      expect: 'lossy',
      once: () => td.decode(b),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += used(td.decode(b));
        return a;
      },
    },
    {
      id: 'TextDecoder.decode (control)',
      short: "TD'",
      kind: 'control',
      expect: 'lossy',
      once: () => td2.decode(b),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += used(td2.decode(b));
        return a;
      },
    },
  ];
  if (opts.contenders === 'matrix') return list;
  if (Buffer) {
    const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength); // a view, no copy
    const buf16 = Buffer.from(utf16Bytes.buffer, utf16Bytes.byteOffset, utf16Bytes.byteLength);
    list.push(
      {
        id: "buf.toString('utf8')",
        short: 'Buf8',
        kind: 'lossy',
        expect: 'lossy',
        once: () => buf.toString('utf8'),
        run: (n) => {
          let a = 0;
          for (let i = 0; i < n; i++) a += used(buf.toString('utf8'));
          return a;
        },
      },
      {
        id: "buf.toString('utf16le')",
        short: 'Buf16',
        kind: 'limit',
        expect: 'string',
        once: () => buf16.toString('utf16le'),
        run: (n) => {
          let a = 0;
          for (let i = 0; i < n; i++) a += used(buf16.toString('utf16le'));
          return a;
        },
      },
    );
  }
  if (wtf8 && binary) {
    list.push({
      id: 'wtf-8',
      short: 'wtf-8',
      kind: 'peer',
      expect: 'string',
      once: () => wtf8.decode(binary.fromBytes(b)),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += used(wtf8.decode(binary.fromBytes(b)));
        return a;
      },
    });
  }
  if (cto) {
    // ignoreBOM: a leading U+FEFF is data, as in our decode.
    const dec = new cto.Wtf8Decoder('wtf8', { ignoreBOM: true });
    list.push({
      id: '@cto.af/wtf8',
      short: 'cto.af',
      kind: 'peer',
      expect: 'string',
      once: () => dec.decode(b),
      run: (n) => {
        let a = 0;
        for (let i = 0; i < n; i++) a += used(dec.decode(b));
        return a;
      },
    });
  }
  return list;
}

/** The ratios reported: ours (first) against another contender; >1 means ours is faster. */
const RATIOS = {
  encode: [
    ['ours.encode', 'TextEncoder.encode', 'encode÷TE'],
    ['TextEncoder.encode (control)', 'TextEncoder.encode', "TE'÷TE"],
    ['ours.encode', "Buffer.from(s,'utf8')", 'encode÷Buf8'],
    ['ours.encode', "Buffer.from(s,'utf16le')", 'encode÷u16copy'],
    ['ours.encode', 'peer', 'encode÷peer'],
    ['ours.encodeInto', 'TextEncoder.encodeInto', 'encInto÷TE.into'],
    ['ours.toUtf8', 'TextEncoder.encode', 'toUtf8÷TE'],
  ],
  decode: [
    ['ours.decode', 'TextDecoder.decode', 'decode÷TD'],
    ['TextDecoder.decode (control)', 'TextDecoder.decode', "TD'÷TD"],
    ['ours.decode', "buf.toString('utf8')", 'decode÷Buf8'],
    ['ours.decode', "buf.toString('utf16le')", 'decode÷u16copy'],
    ['ours.decode', 'peer', 'decode÷peer'],
  ],
};

// ---------------------------------------------------------------------------------------------
// References (bench-local, deliberately simple)

/** WTF-8 per spec §6.3 ("potentially ill-formed UTF-16"), the obvious way. */
export function referenceWtf8(s) {
  const out = new Uint8Array(s.length * 3);
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) out[w++] = c;
    else if (c < 0x800) {
      out[w++] = 0xc0 | (c >> 6);
      out[w++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      out[w++] = 0xe0 | (c >> 12);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    } else {
      out[w++] = 0xf0 | (c >> 18);
      out[w++] = 0x80 | ((c >> 12) & 63);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    }
  }
  return out.slice(0, w);
}

export function referenceUtf16le(s) {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}

export function sameBytes(a, b) {
  if (!(a instanceof Uint8Array)) return false;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function firstDifference(a, b) {
  if (typeof a === 'string' && typeof b === 'string') {
    let i = 0;
    while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    return `strings differ at unit ${i} (lengths ${a.length}/${b.length})`;
  }
  if (!(a instanceof Uint8Array))
    return `got ${typeof a === 'string' ? JSON.stringify(a.slice(0, 80)) : Object.prototype.toString.call(a)}`;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `bytes differ at offset ${i} (lengths ${a.length}/${b.length})`;
}

// ---------------------------------------------------------------------------------------------
// Statistics

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export function summary(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

// ---------------------------------------------------------------------------------------------
// Timing

function timeRun(c, reps, now) {
  const t0 = now();
  sink = (sink + c.run(reps)) | 0;
  return now() - t0;
}

/** Finds reps so that one sample takes about `targetMs`, warming the contender up on the way. */
function calibrate(c, { targetMs, warmupMs }, now) {
  timeRun(c, 1, now); // first call: compile, tier up, allocate
  let reps = 1;
  for (;;) {
    const dt = timeRun(c, reps, now);
    if (dt >= targetMs * 0.8 || reps >= 1e9) break;
    reps = Math.ceil(reps * Math.min(10, Math.max(1.5, (targetMs * 1.1) / Math.max(dt, 0.01))));
  }
  // Warm-up at the sample size, then correct reps once if the warmed-up code got much faster.
  const end = now() + warmupMs;
  let dt;
  do dt = timeRun(c, reps, now);
  while (now() < end);
  if (dt < targetMs * 0.5) reps = Math.ceil((reps * targetMs) / Math.max(dt, 0.01));
  return reps;
}

/**
 * Times the contenders of one case: warm-up and calibration each, then `samples` rounds in which
 * every contender runs once (rotating the order each round), so that machine noise at any moment
 * hits all of them alike. Returns per-contender ns/op samples, in round order.
 */
export function measure(contenders, opts, now) {
  for (const c of contenders) c.reps = calibrate(c, opts, now);
  for (const c of contenders) c.samples = [];
  const n = contenders.length;
  for (let round = 0; round < opts.samples; round++) {
    for (let j = 0; j < n; j++) {
      const c = contenders[(j + round) % n];
      c.samples.push((timeRun(c, c.reps, now) * 1e6) / c.reps);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The suite

export const DEFAULTS = {
  full: { samples: 21, samplesLarge: 15, targetMs: 10, warmupMs: 30, largeFrom: 1_000_000 },
  quick: { samples: 5, samplesLarge: 5, targetMs: 2, warmupMs: 5, largeFrom: 1_000_000 },
};

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs every case: for each corpus, the encode side then the decode side. Verifies each
 * contender's output before timing it; a contender that fails is reported and not timed.
 *
 * @param corpora - `[{ name, size, text, stats }]` (see corpora.mjs)
 * @param opts - `{ samples, samplesLarge, targetMs, warmupMs, largeFrom, sides }`
 * @param log - progress lines
 */
export async function runSuite(env, corpora, opts, log = () => {}) {
  const sides = opts.sides ?? ['encode', 'decode'];
  const cases = [];
  const failures = [];
  const started = env.now();
  const total = corpora.length * sides.length;
  const lossyDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for (const corpus of corpora) {
    const s = corpus.text;
    const wtf8Bytes = referenceWtf8(s);
    const utf8Bytes = new TextEncoder().encode(s);
    if (corpus.stats.loneSurrogates === 0 && !sameBytes(utf8Bytes, wtf8Bytes)) {
      throw new Error(`reference WTF-8 differs from TextEncoder on well-formed ${corpus.name}/${corpus.size}`);
    }
    const utf16Bytes = referenceUtf16le(s);
    const expected = {
      wtf8: wtf8Bytes,
      utf8: utf8Bytes,
      utf16le: utf16Bytes,
      string: s,
      lossy: lossyDecoder.decode(wtf8Bytes),
    };
    for (const side of sides) {
      const t0 = env.now();
      const all = (
        side === 'encode' ? encodeContenders(env, s, opts) : decodeContenders(env, s, wtf8Bytes, utf16Bytes, opts)
      ).filter((c) => !opts.only || c.kind === 'ours' || opts.only.some((o) => c.id.includes(o) || c.short === o));
      const verified = [];
      const failed = {};
      for (const c of all) {
        let error = null;
        try {
          const got = c.once();
          const want = expected[c.expect];
          const ok = typeof want === 'string' ? got === want : sameBytes(got, want);
          if (!ok) error = `output differs from the ${c.expect} reference: ${firstDifference(got, want)}`;
        } catch (e) {
          error = `threw ${e?.name}: ${e?.message}`;
        }
        if (error) {
          failed[c.id] = error;
          failures.push({ corpus: corpus.name, size: corpus.size, side, contender: c.id, error });
          log(`  VERIFY FAILED ${side} ${c.id} on ${corpus.name}/${corpus.size}: ${error}`);
        } else verified.push(c);
      }
      const samples = corpus.size >= opts.largeFrom ? opts.samplesLarge : opts.samples;
      measure(verified, { ...opts, samples }, env.now);
      const results = {};
      for (const c of verified) {
        const ns = summary(c.samples);
        results[c.id] = {
          short: c.short,
          kind: c.kind,
          reps: c.reps,
          ns,
          unitsPerUs: corpus.size / (ns.median / 1000), // = million units per second
          samples: c.samples.map((x) => +x.toPrecision(5)),
        };
      }
      // The best lossless peer, by median time.
      const peers = verified
        .filter((c) => c.kind === 'peer')
        .sort((x, y) => results[x.id].ns.median - results[y.id].ns.median);
      const ratios = {};
      const platform = side === 'encode' ? 'TextEncoder.encode' : 'TextDecoder.decode';
      const swept = Object.keys(results)
        .filter((id) => id.startsWith('ours['))
        .map((id) => [id, platform, `${id.slice(4)}÷${side === 'encode' ? 'TE' : 'TD'}`]);
      for (const [oursId, otherId, label] of [...RATIOS[side], ...swept]) {
        const other = otherId === 'peer' ? peers[0]?.id : otherId;
        if (!results[oursId] || !other || !results[other]) continue;
        const a = results[oursId].samples;
        const b = results[other].samples;
        const paired = a.map((t, k) => b[k] / t); // throughput ratio ours ÷ other, per round
        // Also from the fastest sample of each: noise from other processes only ever adds
        // time, so on a busy machine this is the steadier estimate.
        ratios[label] = { vs: other, ...summary(paired), bestOf: results[other].ns.min / results[oursId].ns.min };
      }
      cases.push({ corpus: corpus.name, size: corpus.size, side, samples, results, failed, ratios });
      const dt = ((env.now() - t0) / 1000).toFixed(1);
      log(`[${cases.length}/${total}] ${corpus.name}/${corpus.size} ${side}: ${dt} s` + summaryLine(ratios));
      await pause();
    }
  }
  return { cases, failures, elapsedMs: env.now() - started, sink };
}

function summaryLine(ratios) {
  const parts = Object.entries(ratios)
    .slice(0, 2)
    .map(([k, r]) => `${k} ${r.median.toFixed(2)}`);
  return parts.length ? `  (${parts.join(', ')})` : '';
}

// ---------------------------------------------------------------------------------------------
// Report

function fmtSize(n) {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}K`;
  return String(n);
}

function fmtNum(x) {
  if (!Number.isFinite(x)) return '-';
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ratioCell = (r) => (r ? `${r.median.toFixed(2)} (${r.q1.toFixed(2)}-${r.q3.toFixed(2)})` : '-');

/** The report as text: ratio tables per side, then absolute throughputs. */
export function formatReport(result) {
  const out = [];
  for (const side of ['encode', 'decode']) {
    const cases = result.cases.filter((c) => c.side === side);
    if (!cases.length) continue;
    const labels = [...new Set(cases.flatMap((c) => Object.keys(c.ratios)))];
    out.push('');
    out.push(
      side === 'encode'
        ? 'ENCODE (string -> bytes): throughput ratios, ours ÷ other; >1 = ours faster. median (IQR) of paired per-round ratios'
        : 'DECODE (WTF-8 bytes -> string): throughput ratios, ours ÷ other; >1 = ours faster. median (IQR) of paired per-round ratios',
    );
    const oursId = side === 'encode' ? 'ours.encode' : 'ours.decode';
    const rows = cases.map((c) => [
      c.corpus,
      fmtSize(c.size),
      fmtNum(c.results[oursId]?.unitsPerUs),
      ...labels.map((l) => ratioCell(c.ratios[l])),
      c.ratios[side === 'encode' ? 'encode÷peer' : 'decode÷peer']?.vs ?? '-',
    ]);
    out.push(table(['corpus', 'units', 'ours MU/s', ...labels, 'best peer'], rows));
    out.push('');
    out.push(
      `${side.toUpperCase()} the same ratios from each contender's fastest sample (min time ÷ min time): steadier when other processes load the machine`,
    );
    const bestRows = cases.map((c) => [
      c.corpus,
      fmtSize(c.size),
      ...labels.map((l) => (c.ratios[l] ? c.ratios[l].bestOf.toFixed(2) : '-')),
    ]);
    out.push(table(['corpus', 'units', ...labels], bestRows));
  }
  for (const side of ['encode', 'decode']) {
    const cases = result.cases.filter((c) => c.side === side);
    if (!cases.length) continue;
    const ids = [];
    for (const c of cases) for (const id of Object.keys(c.results)) if (!ids.includes(id)) ids.push(id);
    const shorts = ids.map((id) => cases.find((c) => c.results[id]).results[id].short);
    out.push('');
    out.push(
      `${side.toUpperCase()} absolute: median throughput in million UTF-16 units per second (MU/s); worst IQR/median of the row in %`,
    );
    out.push('  ' + ids.map((id, i) => `${shorts[i]} = ${id}`).join(', '));
    const rows = cases.map((c) => {
      const spread = Math.max(...Object.values(c.results).map((r) => (r.ns.q3 - r.ns.q1) / r.ns.median));
      return [
        c.corpus,
        fmtSize(c.size),
        ...ids.map((id) => (c.results[id] ? fmtNum(c.results[id].unitsPerUs) : c.failed[id] ? 'FAIL' : '-')),
        (100 * spread).toFixed(1),
      ];
    });
    out.push(table(['corpus', 'units', ...shorts, 'IQR%'], rows));
  }
  if (result.failures.length) {
    out.push('');
    out.push('VERIFICATION FAILURES (these contenders were not timed on these cases):');
    for (const f of result.failures) out.push(`  ${f.side} ${f.contender} on ${f.corpus}/${f.size}: ${f.error}`);
  }
  return out.join('\n');
}
