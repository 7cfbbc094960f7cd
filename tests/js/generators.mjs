// Seeded input generators shared by the JS tests, in plain ES (no Node built-ins) so that the
// same cases run in Node, Deno, Bun and browsers: strings that favour surrogates (lone, paired,
// reversed), boundary units and mixed scripts; bytes that favour lead/continuation boundaries.
import { naiveEncode } from './naive.mjs';

const fromUnits = (units) => String.fromCharCode(...units);

/** xorshift32: deterministic, seeded, fast. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  return {
    next,
    int: (n) => next() % n,
    pick: (list) => list[next() % list.length],
    chance: (p) => next() / 4294967296 < p,
  };
}

const BOUNDARY_UNITS = [
  0x00, 0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xfeff, 0xffff,
];
const SCRIPTS = [
  [0x20, 0x7e], // ASCII
  [0xc0, 0x17f], // Latin-1 / Latin Extended
  [0x400, 0x4ff], // Cyrillic
  [0x4e00, 0x9fff], // CJK
  [0x600, 0x6ff], // Arabic
];

/** A random string that favours surrogates (lone, paired, reversed), boundaries and mixed scripts. */
export function randomString(r, maxLength = 24) {
  const length = r.int(maxLength + 1);
  let units = [];
  while (units.length < length) {
    switch (r.int(6)) {
      case 0:
        units.push(r.pick(BOUNDARY_UNITS));
        break;
      case 1:
        units.push(0xd800 + r.int(0x800)); // any surrogate, usually lone
        break;
      case 2: {
        const cp = 0x10000 + r.int(0x100000); // a proper pair
        units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
        break;
      }
      case 3: {
        const [lo, hi] = r.pick(SCRIPTS);
        units.push(lo + r.int(hi - lo + 1));
        break;
      }
      case 4:
        units.push(r.int(0x10000));
        break;
      default:
        units.push(0x61 + r.int(26));
    }
  }
  units = units.slice(0, length);
  return fromUnits(units);
}

const BOUNDARY_BYTES = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xaf, 0xb0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xec, 0xed,
  0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff,
];

/** Random bytes that favour lead/continuation boundaries, with whole valid sequences mixed in. */
export function randomBytes(r, maxLength = 16) {
  const length = r.int(maxLength + 1);
  const out = [];
  while (out.length < length) {
    switch (r.int(4)) {
      case 0:
        out.push(r.pick(BOUNDARY_BYTES));
        break;
      case 1:
        out.push(0x80 + r.int(0x40)); // continuation
        break;
      case 2:
        out.push(...naiveEncode(randomString(r, 2)));
        break;
      default:
        out.push(r.int(256));
    }
  }
  return new Uint8Array(out.slice(0, length));
}

/** Does `bytes` hold a surrogate byte sequence start (ED A0..BF)? */
export function hasSurrogateSequence(bytes) {
  for (let i = 0; i + 1 < bytes.length; i++)
    if (bytes[i] === 0xed && bytes[i + 1] >= 0xa0 && bytes[i + 1] <= 0xbf) return true;
  return false;
}
