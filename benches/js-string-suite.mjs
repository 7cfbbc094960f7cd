// The timing of benches/js-string.mjs, run unchanged in Node, Deno and browser pages (plain ES, no
// imports): a `#[wasm_bindgen]` echo written three ways (examples/wasm-bindgen/src/bench.rs),
// `String` (the anchor, lossy), `Wtf8String` (ours) and a `JsString` read a code unit at a time
// (the second anchor, lossless), each called on the same pool of different strings.

export const SCRIPTS = ['ascii', 'latin', 'cyrillic', 'cjk', 'emoji'];
export const SIZES = [8, 100, 10_000, 1_000_000];
/** Well-formed, and lone surrogates at one per 1,000 and one per 50 code units on average. */
export const KINDS = [
  { name: 'well-formed', every: 0 },
  { name: 'lone 1/1000', every: 1000 },
  { name: 'lone 1/50', every: 50 },
];

/** How many different strings a pool has: 1,024 of 8 and 100 units, 32 of 10 K, 2 of 1 M. */
export const poolSize = (units) => (units <= 100 ? 1024 : units <= 10_000 ? 32 : 2);

/** A seeded xorshift32 in [0, 1): every runtime builds the same pools. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const isLead = (u) => (u & 0xfc00) === 0xd800;
const isTrail = (u) => (u & 0xfc00) === 0xdc00;

/** The lone surrogates of `s` (units not in a lead + trail pair). */
export function countLone(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (isLead(u) && i + 1 < s.length && isTrail(s.charCodeAt(i + 1))) i++;
    else if (isLead(u) || isTrail(u)) n++;
  }
  return n;
}

/** A flat copy (no rope, no slice of a bigger string), so that no timed call flattens it. */
const flat = (s) => JSON.parse(JSON.stringify(s));

/**
 * The pool of one case: `poolSize(units)` strings of exactly `units` code units cut from `text`
 * (a well-formed text of the script, longer than two 1 M strings) at places of their own. With
 * `every`, lone surrogates (leads and trails alternately) replace code points at one per `every`
 * units on average over the whole pool, at places drawn at random, so a pool of 8-unit strings at
 * one per 50 has a lone surrogate in about one string of six.
 */
export function makePool(text, units, every, seed) {
  const r = random(seed);
  const count = poolSize(units);
  const step = Math.floor((text.length - units) / count);
  let next = every ? Math.floor(r() * every) : Infinity;
  let at = 0;
  let lead = true;
  const pool = [];
  for (let k = 0; k < count; k++) {
    const from = k * step + Math.floor(r() * Math.min(step, 64));
    const units16 = [];
    for (let i = 0; i < units; i++) units16.push(text.charCodeAt(from + i));
    // Cut ends: a half pair at either end becomes a space.
    if (isTrail(units16[0])) units16[0] = 0x20;
    if (isLead(units16[units - 1])) units16[units - 1] = 0x20;
    let placed = 0;
    for (let i = 0; i < units; i++, at++) {
      if (at < next) continue;
      next = at + Math.max(2, Math.floor(every / 2 + r() * every));
      const lone = (lead ? 0xd800 : 0xdc00) + Math.floor(r() * 0x400);
      lead = !lead;
      // A whole code point is replaced, so that no half pair is left behind to count as lone.
      if (isLead(units16[i]) && isTrail(units16[i + 1])) units16.splice(i, 2, lone, 0x78);
      else if (isTrail(units16[i]) && isLead(units16[i - 1])) units16.splice(i - 1, 2, 0x78, lone);
      else units16[i] = lone;
      placed++;
    }
    let s = '';
    for (let i = 0; i < units; i += 4096) s += String.fromCharCode.apply(null, units16.slice(i, i + 4096));
    if (s.length !== units || countLone(s) !== placed) throw new Error(`pool ${units}/${every}/${k}: bad string`);
    pool.push(flat(s));
  }
  return pool;
}

/** ms per call of `f`, over at least `targetMs`. */
function perCall(f, targetMs) {
  let n = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < n; i++) f(i);
    const ms = performance.now() - start;
    if (ms >= targetMs) return ms / n;
    n *= ms < targetMs / 8 ? 8 : 2;
  }
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

/**
 * Times one pool. Each round times the anchor (`String` echo), ours (`Wtf8String` echo), the
 * per-unit echo and the anchor again, each over at least `targetMs`; a ratio is the anchor's time
 * ÷ the other's (> 1: faster than wasm-bindgen's `String`), the median over `samples` rounds; the
 * control is the anchor ÷ itself in the same rounds (its distance from 1.00 is the noise). With
 * `parts`, the argument alone and the return value alone are timed the same way (`benchTake*`,
 * `benchGive*`), to see where the time of an echo goes. `m` is the example module.
 */
export function timePool(m, pool, { samples = 7, targetMs = 20, parts = false } = {}) {
  // Checked first: ours and the per-unit echo give every string back as it was; the anchor gives
  // its lossy form.
  m.benchClear();
  pool.forEach((s, i) => {
    if (m.benchEchoWtf8(s) !== s) throw new Error(`Wtf8String echo lost something in string #${i}`);
    if (m.benchEchoUnits(s) !== s) throw new Error(`per-unit echo lost something in string #${i}`);
    if (m.benchEchoString(s) !== s.toWellFormed()) throw new Error(`String echo of string #${i}`);
    m.benchAdd(s);
  });
  const mask = pool.length - 1;
  const row = {};
  const pair = (name, anchor, others) => {
    const ratios = others.map(() => []);
    const controls = [];
    const ns = [0, ...others.map(() => 0)];
    for (let r = 0; r < samples; r++) {
      const a = perCall(anchor, targetMs);
      const times = others.map((f) => perCall(f, targetMs));
      const again = perCall(anchor, targetMs);
      times.forEach((t, j) => ratios[j].push(a / t));
      controls.push(a / again);
      ns[0] += (a * 1e6) / samples;
      times.forEach((t, j) => (ns[j + 1] += (t * 1e6) / samples));
    }
    row[name] = { ratios: ratios.map(median), control: median(controls), ns };
  };
  pair('echo', (i) => m.benchEchoString(pool[i & mask]), [
    (i) => m.benchEchoWtf8(pool[i & mask]),
    (i) => m.benchEchoUnits(pool[i & mask]),
  ]);
  if (parts) {
    pair('in', (i) => m.benchTakeString(pool[i & mask]), [(i) => m.benchTakeWtf8(pool[i & mask])]);
    pair('out', (i) => m.benchGiveString(i & mask), [(i) => m.benchGiveWtf8(i & mask)]);
  }
  m.benchClear();
  return row;
}

/** Every case of `plan` ({ script, units, kind }), built from `texts` (one text per script). */
export function runCases(m, texts, plan, settings, log = () => {}) {
  const rows = [];
  for (const { script, units, kind } of plan) {
    const { every } = KINDS.find((k) => k.name === kind);
    const seed = units * 7919 + every * 104729 + SCRIPTS.indexOf(script) * 31;
    const pool = makePool(texts[script], units, every, seed);
    const row = { script, units, kind, ...timePool(m, pool, settings) };
    log(row);
    rows.push(row);
  }
  return rows;
}
