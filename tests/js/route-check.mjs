// Every plan of js/routes.ts that this runtime can build, checked against the naive reference
// (tests/js/naive.mjs) and the platform's own codecs on the same inputs. Plain ES, no Node
// built-ins: tests/js/routes.test.mjs runs it in each Node of the matrix, tests/e2e/routes.test.mjs
// in Deno, Bun, workerd, Chromium and Firefox, always through the test entry (target/testing/),
// which is the package plus the plans' switches.
//
// The inputs are built to reach each step's corners: short and long strings with lone surrogates
// few (the native encoder writes the stretches between them) and many (wasm takes the chunk), on
// both sides of the 21,845-unit encode chunks; bytes whose surrogate sequences the patching step
// patches, with pieces ending at 16 KiB, 48 KiB, … (a surrogate, a spelled-out pair, a run of
// surrogate sequences, an ill-formed byte or a U+FFFD of the input on either side of them), input
// dense with surrogates from its first bytes, and random short bytes of every kind.
import { naiveDecode, naiveEncode, naiveEncodeInto } from './naive.mjs';
import { randomBytes, randomString, rng } from './generators.mjs';
import { describePlan } from './plans.mjs';
import { withoutStacks } from './expected-errors.mjs';

const RUNS = [
  'The quick brown fox. ',
  'Всеобщая декларация ',
  '人人生而自由，在尊严和权利上一律平等。',
  '모든 인간은 태어날 때부터 자유로우며 ',
  'emoji 😀🙌🏽 ',
  'x\uFFFDy ',
];

function longText(r, units) {
  let s = '';
  while (s.length < units) s += r.pick(RUNS).repeat(1 + r.int(60));
  return s.slice(0, units).replace(/[\uD800-\uDBFF]$/, 'z');
}

const lone = (r) => String.fromCharCode(0xd800 + r.int(0x800));

/** Strings: random short ones, then long ones with few, many, and boundary-placed lone surrogates. */
export function routeStrings(seed, count) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < count; i++) out.push(randomString(r, i % 10 === 0 ? 400 : 60));
  for (let i = 0; i < 24; i++) {
    const text = [...longText(r, 129 + r.int(70_000))];
    const k = r.pick([0, 1, 2, 5, 40, 400]);
    for (let j = 0; j < k; j++)
      text.splice(r.pick([0, text.length, 21_844, 21_845, 21_846, 43_690, r.int(text.length + 1)]), 0, lone(r));
    out.push(text.join(''));
  }
  // A lone surrogate every `spacing` units: past each finder's limit, or just under it.
  for (const spacing of [3, 64, 300, 2100])
    out.push(Array.from({ length: 40_000 / spacing }, () => 'a'.repeat(spacing - 1) + lone(r)).join(''));
  return out;
}

/** Byte inputs: random short ones, then long ones aimed at the decode routes' pieces and patches. */
export function routeBytes(seed, count) {
  const r = rng(seed ^ 0x2545f491);
  const out = [];
  for (let i = 0; i < count; i++) out.push(randomBytes(r, i % 10 === 0 ? 300 : 40));
  const SUR = [0xed, 0xa0, 0x80];
  const PAIR = [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80]; // spelled-out: lenient two units, strict an error
  const BAD = [[0xff], [0x80], [0xe2, 0x82], [0xed, 0xa0], [0xc0, 0xaf], [0xef, 0xbf, 0xbd]]; // the last: a U+FFFD of the input
  for (let i = 0; i < 48; i++) {
    const bytes = naiveEncode(longText(r, 300 + r.int(60_000)));
    const edits = r.int(6);
    for (let k = 0; k < edits; k++) {
      const at = Math.min(bytes.length, r.pick([16_384, 16_383, 16_385, 49_152, 49_150, r.int(bytes.length + 1)]));
      const kind = r.int(10);
      const insert =
        kind < 5
          ? SUR.map((b, j) => (j === 1 ? 0xa0 + r.int(32) : j === 2 ? 0x80 + r.int(64) : b))
          : kind < 7
            ? PAIR
            : kind < 8
              ? Array(6).fill(SUR).flat()
              : r.pick(BAD);
      bytes.splice(at, 0, ...insert);
    }
    out.push(new Uint8Array(bytes));
  }
  // Dense from the first bytes (the `checked` route's probe), and a run of surrogates at the end.
  out.push(new Uint8Array([...SUR, 0x41, ...SUR, ...naiveEncode(longText(r, 20_000))]));
  out.push(new Uint8Array([...naiveEncode(longText(r, 20_000)), ...Array(20).fill(SUR).flat()]));
  out.push(new Uint8Array([...naiveEncode(longText(r, 20_000)), 0xed, 0xa0]));
  return out;
}

const hexOf = (b) =>
  Array.from(b.subarray(0, 40), (x) => x.toString(16).padStart(2, '0')).join('') + (b.length > 40 ? '…' : '');
/**
 * Whether two byte arrays are equal, for every test and campaign: a plain loop (`every` with a
 * closure was a quarter of the route campaign's time, and seconds of each JS suite run), four
 * bytes at a time where both start at a multiple of 4 (the long results: a third of the route
 * campaign's comparing time on Node 26, measured with --cpu-prof).
 */
export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let from = 0;
  if (a.length >= 64 && a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >>> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset, words);
    const wb = new Uint32Array(b.buffer, b.byteOffset, words);
    for (let i = 0; i < words; i++) if (wa[i] !== wb[i]) return false;
    from = words << 2;
  }
  for (let i = from; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The plans to check: every plan this runtime can build (each named plan, built here: a step that
 * needs what the runtime lacks is left out), once each; two names that build the same plan (the
 * same steps and moves) run once.
 */
export function planNames(api) {
  const seen = new Set();
  return api.PLAN_NAMES.filter((name) => {
    const key = JSON.stringify({ ...describePlan(api, name), name: undefined });
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs every plan over the inputs; returns `{ plans, checked, failures }` (at most 20 failures,
 * each naming the plan, the call and the input). The strict error codes and `checkUtf8`'s verdicts
 * come from the wasm-only plan; every other plan must agree with them. The strict errors come
 * without stacks (tests/js/expected-errors.mjs).
 */
export function checkRoutes(api, options) {
  return withoutStacks(() => check(api, options));
}

function check(api, { seed = 20261124, strings: stringCount = 1500, bytes: byteCount = 1500 } = {}) {
  const strings = routeStrings(seed, stringCount).map((s) => ({
    s,
    wtf8: naiveEncode(s),
    utf8: new TextEncoder().encode(s),
  }));
  const inputs = routeBytes(seed, byteCount).map((b) => ({ b, ...naiveDecode(b) }));
  const plans = planNames(api);
  api.usePlan('wasm');
  for (const input of inputs) {
    input.code = strictOutcome(api, input.b).code;
    input.utf8Check = describe(api.checkUtf8(input.b));
  }
  const failures = [];
  const fail = (plan, what, detail) => failures.length < 20 && failures.push(`[plan ${plan}] ${what}: ${detail}`);
  let checked = 0;
  const r = rng(seed ^ 0x68e31da4);
  try {
    for (const plan of plans) {
      api.usePlan(plan);
      for (const { s, wtf8, utf8 } of strings) {
        const bytes = api.encode(s);
        if (!sameBytes(bytes, wtf8)) fail(plan, 'encode', `${s.length} units`);
        if (api.decode(bytes) !== s) fail(plan, 'decode(encode(s))', `${s.length} units`);
        if (api.decode(bytes, { fatal: true }) !== s) fail(plan, 'strict decode(encode(s))', `${s.length} units`);
        if (!sameBytes(api.toUtf8(s), utf8)) fail(plan, 'toUtf8', `${s.length} units`);
        const room = r.int(wtf8.length + 3);
        const into = api.encodeInto(s, new Uint8Array(room));
        const want = naiveEncodeInto(s, room);
        if (into.read !== want.read || into.written !== want.written)
          fail(plan, 'encodeInto', `${s.length} units, room ${room}`);
        checked++;
      }
      for (const { b, text, firstError, code, utf8Check } of inputs) {
        if (api.decode(b) !== text) fail(plan, 'lenient decode', hexOf(b));
        const strict = strictOutcome(api, b);
        if (firstError < 0 ? strict.text !== text : strict.offset !== firstError || strict.code !== code) {
          fail(
            plan,
            'strict decode',
            `${hexOf(b)}: got ${strict.code ?? 'a string'} at ${strict.offset}, want ${code ?? 'a string'} at ${firstError}`,
          );
        }
        if (api.isWtf8(b) !== firstError < 0) fail(plan, 'isWtf8', hexOf(b));
        const check = describe(api.checkWtf8(b));
        if (check !== (firstError < 0 ? 'null' : `${code}@${firstError}`))
          fail(plan, 'checkWtf8', `${hexOf(b)}: ${check}`);
        if (describe(api.checkUtf8(b)) !== utf8Check)
          fail(plan, 'checkUtf8', `${hexOf(b)}: ${describe(api.checkUtf8(b))} vs ${utf8Check}`);
        if (!sameBytes(api.wtf8ToUtf8(b), new TextEncoder().encode(text))) fail(plan, 'wtf8ToUtf8', hexOf(b));
        checked++;
      }
    }
  } finally {
    api.usePlan(api.defaultPlan);
  }
  return { plans, checked, failures };
}

function strictOutcome(api, b) {
  try {
    return { text: api.decode(b, { fatal: true }) };
  } catch (error) {
    return { code: error.code, offset: error.offset };
  }
}

const describe = (error) => (error === null ? 'null' : `${error.code}@${error.offset}`);
