// The property campaign over the route table's plans (js/routes.ts): each plan this runtime can
// build is a separate implementation of the same functions, held here to the wasm-only plan
// (`usePlan('wasm')`, everything through the core) on seeded random inputs: the same bytes, the
// same strings, the same error codes and positions. Plain ES, no Node built-ins: the runner,
// scripts/route-campaign.mjs, runs it in Node 22/24/26, Deno and Bun (tests/js/route-campaign-main.mjs
// loads it there), for a number of cases or a time, and appends what ran to fuzz/README.md.
//
// The inputs lean toward what separates the plans: lengths at and around every band limit of
// every plan (read from `describePlan`) and around the core's chunk sizes; lone surrogates (none,
// one, a few, about as many as a step's `few(…)` limit allows, dense), reversed and split pairs,
// U+FFFD (in strings, and EF BF BD in bytes, where it looks like a replaced surrogate), BOMs, ED
// sequences of every kind (a lone surrogate's ED A0–BF, Hangul's ED 80–9F, a pair spelled as two
// 3-byte sequences, ED cut short), ill-formed bytes, and text in every UTF-8 length.
//
// Each case is made from its own seed (the campaign's seed and the case's number), so that a
// finding names the one case to replay: `generateCase(limits, seed, index)`.
import { naiveEncode } from './naive.mjs';
import { rng } from './generators.mjs';
import { describePlan } from './plans.mjs';
import { sameBytes } from './route-check.mjs';

/**
 * Sizes inside the core and the wasm bindings (bindings/main/src/lib.rs): 65,536 bytes per decode
 * call, 21,845 units per encode call, 341 lone surrogates per scan; the decode routes' 16 KiB
 * pieces (tests/js/route-check.mjs), and their multiples.
 */
const INNER_LENGTHS = [341, 16_384, 21_845, 43_690, 49_152, 65_536, 131_072];

/**
 * What the generator aims at: every finite band limit of the plans `names` (encode and decode),
 * the inner lengths, and every number in the steps' labels (`few(8, 32)`, `searchSurrogates(8)`:
 * the counts of surrogates a step decides by).
 */
export function limitsOf(api, names) {
  const lengths = new Set(INNER_LENGTHS);
  const counts = new Set([1, 2, 3, 8, 341]);
  for (const name of names) {
    const plan = describePlan(api, name);
    for (const band of [...plan.encode, ...plan.decode]) {
      if (Number.isFinite(band.upTo)) lengths.add(band.upTo);
      for (const label of band.steps) for (const n of label.match(/\d+/g) ?? []) counts.add(Number(n));
    }
  }
  return {
    lengths: [...lengths].sort((a, b) => a - b),
    counts: [...counts].filter((n) => n > 0).sort((a, b) => a - b),
  };
}

/** A case's own random source: the campaign's seed and the case's number, mixed. */
function caseRng(seed, index) {
  let x = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return rng((x ^ (x >>> 16)) >>> 0 || 1);
}

/**
 * A length: short, at or around a limit (±3), or up to 70,000. The limits are picked by their
 * cost: the ones up to 1 KiB most often, up to 128 Ki less, the largest (1,398,101 units, a
 * second a case over every plan) once in a thousand cases.
 */
function pickLength(r, limits, maxLength) {
  const near = (from, to) => limits.lengths.filter((n) => n > from && n <= to && n + 3 <= maxLength);
  const k = r.int(1000);
  let pool;
  if (k < 450) return r.int(Math.min(maxLength, 300) + 1);
  if (k < 900) pool = near(0, 1024);
  else if (k < 949) pool = near(1024, 131_072);
  else if (k < 950) pool = near(131_072, Infinity);
  if (pool === undefined || pool.length === 0) return r.int(Math.min(maxLength, 70_000) + 1);
  return Math.max(0, r.pick(pool) + r.int(7) - 3);
}

/** How many surrogates (or surrogate sequences) to place in an input of `length`. */
function pickCount(r, limits, length) {
  switch (r.int(6)) {
    case 0:
    case 1:
      return 0;
    case 2:
      return 1 + r.int(3);
    case 3: {
      // About a step's limit: `few(base, per64Ki)` allows base + per64Ki per 64 Ki of input.
      const base = r.pick(limits.counts);
      const per = r.pick(limits.counts);
      return Math.max(0, (r.chance(0.5) ? base : base + ((per * length) >>> 16)) + r.int(3) - 1);
    }
    case 4:
      return r.pick(limits.counts) + r.int(3) - 1;
    default:
      return r.int(Math.max(1, length >> r.pick([1, 2, 4, 6]))); // dense
  }
}

const RUNS = [
  [0x20, 0x7e], // ASCII
  [0x80, 0xff], // Latin-1 (one byte per unit in V8's one-byte strings)
  [0x100, 0x7ff], // 2-byte UTF-8
  [0x800, 0xd7ff], // 3-byte UTF-8 (Hangul ends at D7A3: ED 9E xx, next to ED A0)
  [0xe000, 0xffff], // 3-byte UTF-8 above the surrogates (U+FEFF, U+FFFD, U+FFFF)
];
const SPECIAL = [0x00, 0x7f, 0x80, 0xff, 0x100, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xfeff, 0xfffd, 0xffff];

/** Code units of well-formed text, `length` of them, in runs of one kind. */
function text(r, length) {
  const units = [];
  while (units.length < length) {
    const kind = r.int(10);
    const run = 1 + r.int(r.chance(0.3) ? 200 : 12);
    for (let i = 0; i < run && units.length < length; i++) {
      if (kind < 5) {
        const [lo, hi] = RUNS[kind];
        units.push(lo + r.int(hi - lo + 1));
      } else if (kind < 7) {
        units.push(r.pick(SPECIAL));
      } else if (kind < 9 && units.length + 2 <= length) {
        const cp = 0x10000 + r.int(0x100000);
        units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
        i++;
      } else {
        units.push(0x61 + r.int(26));
      }
    }
  }
  return units.slice(0, length);
}

/** A position in `length`: the ends, around an inner length, or anywhere. */
function pickAt(r, length, limits) {
  const k = r.int(10);
  if (k < 2) return r.int(Math.min(4, length + 1));
  if (k < 4) return Math.max(0, length - r.int(Math.min(4, length + 1)));
  if (k < 6) {
    const inner = r.pick(limits.lengths);
    return Math.min(length, Math.max(0, inner + r.int(5) - 2));
  }
  return r.int(length + 1);
}

const lead = (r) => 0xd800 + r.pick([0, 1, 0x3d, 0x3ff, r.int(0x400)]);
const trail = (r) => 0xdc00 + r.pick([0, 1, 0x200, 0x3ff, r.int(0x400)]);

/** A string of exactly `length` units with `count` surrogate events placed in it. */
function makeString(r, length, count, limits) {
  const units = text(r, length);
  if (r.chance(0.1) && length > 0) units[0] = 0xfeff; // a BOM
  for (let k = 0; k < count && length > 0; k++) {
    const at = Math.min(length - 1, pickAt(r, length, limits));
    switch (r.int(8)) {
      case 0:
      case 1:
      case 2:
        units[at] = lead(r); // lone unless a trail follows
        break;
      case 3:
      case 4:
        units[at] = trail(r);
        break;
      case 5:
        // A pair reversed, or a pair whose halves the edit leaves split around `at`.
        units[at] = trail(r);
        if (at + 1 < length) units[at + 1] = lead(r);
        break;
      case 6:
        units[at] = 0xfffd; // looks like a replaced surrogate
        break;
      default:
        if (at + 1 < length) {
          units[at] = lead(r);
          units[at + 1] = trail(r);
        }
    }
  }
  return fromUnits(units);
}

/** The string of `units` (in slices: `apply` has an argument limit). */
function fromUnits(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 8192) s += String.fromCharCode.apply(null, units.slice(i, i + 8192));
  return s;
}

/** Byte pieces that separate the decode routes. */
const PIECES = [
  () => [0xed, 0xa0, 0x80], // a lone lead surrogate's sequence
  (r) => [0xed, 0xa0 + r.int(32), 0x80 + r.int(64)], // any surrogate's
  () => [0xed, 0xb0, 0x80], // a lone trail's
  () => [0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], // a pair spelled as two 3-byte sequences
  () => [0xed, 0x9f, 0xbf], // U+D7FF: ED below A0 is well-formed
  () => [0xed, 0x9e, 0xa3], // Hangul
  () => [0xed, 0xa0], // cut short
  () => [0xed], // cut shorter
  () => [0xed, 0xc0, 0x80], // ED then not a continuation
  () => [0xef, 0xbf, 0xbd], // U+FFFD of the input
  () => [0xef, 0xbb, 0xbf], // a BOM
  () => [0xff], // never in UTF-8
  () => [0x80], // stray continuation
  () => [0xc0, 0xaf], // overlong
  () => [0xe0, 0x80, 0x80], // overlong
  () => [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
  () => [0xf0, 0x9f, 0x98], // cut short
  () => [0xe2, 0x82], // cut short
];

/** Bytes, exactly `length` of them: encoded text with `count` pieces put in. */
function makeBytes(r, length, count, limits) {
  const base = makeString(r, Math.max(0, Math.ceil(length / r.pick([1, 1, 2, 3]))), r.chance(0.5) ? count : 0, limits);
  let bytes = naiveEncode(base);
  if (bytes.length < length)
    bytes = bytes.concat(Array.from({ length: length - bytes.length }, () => 0x61 + r.int(26)));
  bytes.length = length;
  if (r.chance(0.1) && length >= 3) bytes.splice(0, 3, 0xef, 0xbb, 0xbf);
  for (let k = 0; k < count && length > 0; k++) {
    const piece = r.pick(PIECES)(r);
    const at = Math.min(length, pickAt(r, length, limits));
    bytes.splice(at, Math.min(piece.length, length - at), ...piece.slice(0, length - at));
  }
  bytes.length = length; // a piece at the end may be cut: good
  return Uint8Array.from(bytes);
}

/** The case `index` of the campaign `seed`: a string, bytes, and where a streaming decode cuts them. */
export function generateCase(limits, seed, index, maxLength) {
  const r = caseRng(seed, index);
  const units = pickLength(r, limits, maxLength);
  const string = makeString(r, units, pickCount(r, limits, units), limits);
  const length = pickLength(r, limits, maxLength);
  const bytes = makeBytes(r, length, pickCount(r, limits, length), limits);
  const cuts = [];
  for (let at = 0, n = r.int(4); n > 0; n--) cuts.push((at = Math.min(length, at + r.int(length + 1))));
  return { string, bytes, cuts, room: r.int(3 * units + 2) };
}

function outcome(fn) {
  try {
    const value = fn();
    return value instanceof Uint8Array ? { bytes: value } : { value };
  } catch (error) {
    return {
      error: `${error instanceof TypeError ? 'TypeError' : error.name} ${error.code}@${error.offset ?? error.index}`,
    };
  }
}

const equal = (a, b) =>
  a.error !== undefined || b.error !== undefined
    ? a.error === b.error
    : a.bytes !== undefined
      ? b.bytes !== undefined && sameBytes(a.bytes, b.bytes)
      : a.value === b.value;

const describe = (e) => (e === null ? 'null' : `${e.code}@${e.offset}`);

/** Every call whose result depends on the plan, on one case. */
function calls(api, { string, bytes, cuts, room }) {
  const streamed = (fatal) => () => {
    const decoder = new api.Wtf8Decoder({ fatal });
    let text = '';
    let from = 0;
    for (const to of cuts) {
      text += decoder.decode(bytes.subarray(from, to), { stream: true });
      from = to;
    }
    return text + decoder.decode(bytes.subarray(from));
  };
  return {
    encode: outcome(() => api.encode(string)),
    encodeInto: outcome(() => {
      const { read, written } = api.encodeInto(string, new Uint8Array(room));
      return `${read}/${written}`;
    }),
    'decode(encode(string))': outcome(() => api.decode(api.encode(string), { fatal: true })),
    decode: outcome(() => api.decode(bytes)),
    'decode fatal': outcome(() => api.decode(bytes, { fatal: true })),
    'decode ignoreBOM: false': outcome(() => api.decode(bytes, { ignoreBOM: false })),
    'Wtf8Decoder fatal': outcome(() => new api.Wtf8Decoder({ fatal: true }).decode(bytes)),
    'Wtf8Decoder stream': outcome(streamed(false)),
    'Wtf8Decoder stream fatal': outcome(streamed(true)),
    isWtf8: outcome(() => api.isWtf8(bytes)),
    checkWtf8: outcome(() => describe(api.checkWtf8(bytes))),
    checkUtf8: outcome(() => describe(api.checkUtf8(bytes))),
    wtf8ToUtf8: outcome(() => api.wtf8ToUtf8(bytes)),
    'wtf8ToUtf8 fatal': outcome(() => api.wtf8ToUtf8(bytes, { fatal: true })),
  };
}

/** Hex of the first bytes, for a finding's report. */
const hexOf = (b) =>
  Array.from(b.subarray(0, 48), (x) => x.toString(16).padStart(2, '0')).join('') + (b.length > 48 ? '…' : '');
const unitsOf = (s) =>
  Array.from({ length: Math.min(s.length, 24) }, (_, i) => s.charCodeAt(i).toString(16)).join(' ') +
  (s.length > 24 ? ' …' : '');

/**
 * Runs cases `first`, `first + 1`, … of the campaign `seed` on every plan in `plans` against the
 * wasm-only plan, in batches, until `cases` have run or the clock (`now()`, milliseconds) passes
 * `until`. Returns `{ cases, plans, failures }`: how many cases each plan passed, and at most 10
 * failures, each with the seed and index that replay it.
 */
export function runCampaign(
  api,
  { plans, seed, first = 0, cases = Infinity, until = Infinity, now, maxLength = 70_000 },
) {
  const limits = limitsOf(api, plans);
  const subjects = plans.filter((name) => name !== 'wasm');
  const passed = Object.fromEntries(subjects.map((name) => [name, 0]));
  const failures = [];
  const clock = now ?? (() => Date.now());
  let index = first;
  try {
    while (index - first < cases && clock() < until && failures.length < 10) {
      const batch = [];
      for (let k = 0; k < 50 && index - first < cases; k++, index++) {
        batch.push({ index, input: generateCase(limits, seed, index, maxLength) });
      }
      api.usePlan('wasm');
      for (const item of batch) item.want = calls(api, item.input);
      for (const name of subjects) {
        api.usePlan(name);
        for (const { index: i, input, want } of batch) {
          const got = calls(api, input);
          const wrong = Object.keys(want).filter((call) => !equal(got[call], want[call]));
          if (wrong.length === 0) {
            passed[name]++;
          } else if (failures.length < 10) {
            failures.push(
              `[plan ${name}] seed ${seed} case ${i}: ${wrong
                .map(
                  (call) =>
                    `${call} gave ${JSON.stringify(got[call].error ?? got[call].value ?? '(bytes)')}, wasm ${JSON.stringify(want[call].error ?? want[call].value ?? '(bytes)')}`,
                )
                .join(
                  '; ',
                )}; string (${input.string.length} units) ${unitsOf(input.string)}; bytes (${input.bytes.length}) ${hexOf(input.bytes)}; cuts ${input.cuts}`,
            );
          }
        }
      }
    }
  } finally {
    api.usePlan(api.defaultPlan);
  }
  return { cases: passed, next: index, failures, limits };
}
