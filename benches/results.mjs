// The bench's results as the documents show them. A full `npm run bench` (every runtime, the
// default corpora, sizes and samples) writes benches/results.json, a summary of that one run with
// the commit it ran at, and then the marked sections of README.md (speed, sizes) and
// benches/README.md (results) from it; each full run replaces all of them. tests/docs/docs.test.mjs
// checks that the documents say what benches/results.json says.
//
//   node benches/results.mjs --write   rewrite the marked sections from benches/results.json
//   node benches/results.mjs --check   exit 1 if a marked section differs from it
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { RUNTIME_LABELS } from '../scripts/runtimes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_FILE = join(root, 'benches', 'results.json');

/** The corpora of the two groups (benches/corpora.mjs). */
const WELL_FORMED = ['ascii', 'latin', 'cyrillic', 'cjk', 'korean', 'emoji'];
const LONE = ['sparse', 'sliced', 'dense'];
const OPS = [
  { side: 'encode', ratio: 'encode÷TE', control: "TE'÷TE" },
  { side: 'decode', ratio: 'decode÷TD', control: "TD'÷TD" },
];
const round = (x) => (x == null ? null : +x.toFixed(2));
const lowMedian = (list) => {
  if (!list.length) return null;
  const sorted = [...list].sort((a, b) => a - b);
  return { low: round(sorted[0]), median: round(sorted[(sorted.length - 1) >> 1]) };
};

/**
 * The summary of one run: `run` is what benches/run.mjs saves (`{ meta, runtimes }`), `rows` what
 * benches/rows.mjs returns, `sizes` what `measureSizes` returns.
 */
export function summarize(run, { rows = [], sizes = [], commit = currentCommit() } = {}) {
  const runtimes = [];
  const speed = [];
  const short = [];
  for (const [name, { info, suite, short: shortResult }] of Object.entries(run.runtimes)) {
    runtimes.push({ name, version: info?.version ?? null });
    for (const op of OPS) {
      const cases = suite?.cases.filter((c) => c.side === op.side) ?? [];
      const of = (corpora, large) =>
        cases
          .filter((c) => corpora.includes(c.corpus) && (large ? c.size >= 10_000 : c.size < 1000))
          .map((c) => c.ratios[op.ratio]?.median)
          .filter((x) => x != null);
      const controls = cases.map((c) => c.ratios[op.control]?.median).filter((x) => x != null);
      const shortCases = shortResult?.cases.filter((c) => c.side === op.side) ?? [];
      const shortOf = (kind) => shortCases.filter((c) => c.kind === kind).map((c) => c.ratios.ours?.median);
      if (cases.length)
        speed.push({
          runtime: name,
          op: op.side,
          wellFormed: lowMedian(of(WELL_FORMED, true)),
          lone: lowMedian(of(LONE, true)),
          small: lowMedian(of([...WELL_FORMED, ...LONE], false)),
          control: controls.length ? [round(Math.min(...controls)), round(Math.max(...controls))] : null,
        });
      if (shortCases.length)
        short.push({
          runtime: name,
          op: op.side,
          wellFormed: lowMedian(shortOf('wf').filter((x) => x != null)),
          lone: lowMedian(shortOf('lone').filter((x) => x != null)),
        });
    }
  }
  return {
    date: run.meta.date.slice(0, 10),
    commit,
    machine: `${run.meta.cores}-core ${run.meta.cpu}`,
    load: { start: run.meta.loadavgAtStart[0], end: run.meta.loadavgAtEnd?.[0] ?? null },
    command: 'npm run bench',
    runtimes,
    speed,
    short,
    rows: rows.map((r) => ({
      runtime: r.runtime.replace(/^\w/, (c) => c.toUpperCase()),
      store: r.store,
      textMs: r.contenders.text.ms,
      decode: r.contenders['blob + decode']?.vsText ?? null,
      textDecoder: r.contenders['blob + TextDecoder']?.vsText ?? null,
      control: r.contenders['text (control)']?.vsText ?? null,
    })),
    sizes,
  };
}

/** The commit checked out, `+` if the tree differs from it (what was measured is then not that commit). */
export function currentCommit() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const dirty = git(
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    'js',
    'src',
    'bindings',
    'scripts/build.mjs',
  );
  return `${git('rev-parse', '--short=7', 'HEAD')}${dirty ? '+' : ''}`;
}

/**
 * The published entry files' sizes (pkg/, as built): per entry, raw and gzip (level 9, as
 * tests/js/size.test.mjs measures) of its files, and of the wasm module embedded in it.
 */
export function measureSizes() {
  const dist = join(root, 'pkg', 'dist');
  const entries = [
    { entry: 'wtf8-wasm', files: /^wtf8-wasm(\.\w+)?\.(mjs|cjs)$/, wasm: 'target/wasm-pack/wtf8_wasm_bg.opt.wasm' },
    {
      entry: 'wtf8-wasm/encodings',
      files: /^encodings\.(mjs|cjs)$/,
      wasm: 'target/wasm-pack-encodings/wtf8_wasm_encodings_bg.opt.wasm',
    },
    {
      entry: 'wtf8-wasm/inspect',
      files: /^inspect\.(mjs|cjs)$/,
      wasm: 'target/wasm-pack-inspect/wtf8_wasm_inspect_bg.opt.wasm',
    },
  ];
  return entries.map(({ entry, files, wasm }) => {
    const sizes = readdirSync(dist)
      .filter((f) => files.test(f))
      .map((f) => {
        const data = readFileSync(join(dist, f));
        return { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
      });
    const module = existsSync(join(root, wasm)) ? readFileSync(join(root, wasm)) : null;
    return {
      entry,
      files: sizes.length,
      raw: [Math.min(...sizes.map((s) => s.raw)), Math.max(...sizes.map((s) => s.raw))],
      gzip: [Math.min(...sizes.map((s) => s.gzip)), Math.max(...sizes.map((s) => s.gzip))],
      wasmGzip: module ? gzipSync(module, { level: 9 }).length : null,
    };
  });
}

// --- the documents' sections ---------------------------------------------------------------------

const f2 = (x) => (x == null ? '–' : x.toFixed(2));
const pair = (x) => (x == null ? '–' : `${f2(x.low)} / ${f2(x.median)}`);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const range = ([a, b]) => (kB(a) === kB(b) ? kB(a) : `${(a / 1000).toFixed(1)}–${kB(b)}`);
const dateWords = (iso) => {
  const [y, m, d] = iso.split('-').map(Number);
  const month = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ][m - 1];
  return `${d} ${month} ${y}`;
};
/** "Node 22.23.3" from "node v22.23.3 (V8 …)", "Deno 2.9.6", "Chromium 156", "WebKitGTK 2.50.6". */
const versionWords = ({ name, version }) => {
  if (!version) return RUNTIME_LABELS[name] ?? name;
  const node = version.match(/^node v(\S+)/);
  if (node) return `Node ${node[1]}`;
  const deno = version.match(/^deno (\S+)/);
  if (deno) return `Deno ${deno[1]}`;
  const bun = version.match(/^bun (\S+)/);
  if (bun) return `Bun ${bun[1]}`;
  const chromium = version.match(/Chrom\w*[/ ](\d+)/);
  if (chromium) return `Chromium ${chromium[1]}`;
  const firefox = version.match(/Firefox\/?\s*(\d+(\.\d+)?)/i) ?? version.match(/^firefox (\S+)/i);
  if (firefox) return `Firefox ${firefox[1]}`;
  return version;
};
const measured = (r, { dated = true } = {}) =>
  `\`${r.command}\` at commit ${r.commit}${dated ? `, ${dateWords(r.date)}` : ''}, on a ${r.machine} (load average ${r.load.start} at the start); ${r.runtimes.map(versionWords).join(', ')}`;
const extent = (list) => {
  const values = list.filter((x) => x != null);
  return values.length ? `${f2(Math.min(...values))}–${f2(Math.max(...values))}` : '–';
};

/** `text` wrapped at 100 columns, as the documents' prose is. */
function wrap(text) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** README.md's speed section: the table of each runtime, and how it was measured. */
export function readmeSpeed(r) {
  const cell = (runtime, op, group) => pair(r.speed.find((s) => s.runtime === runtime && s.op === op)?.[group]);
  const lines = [
    '| runtime | encode, well-formed | encode, lone surrogates | decode, well-formed | decode, lone surrogates |',
    '|---|---:|---:|---:|---:|',
    ...r.runtimes.map(
      ({ name }) =>
        `| ${RUNTIME_LABELS[name] ?? name} | ${cell(name, 'encode', 'wellFormed')} | ${cell(name, 'encode', 'lone')} | ${cell(name, 'decode', 'wellFormed')} | ${cell(name, 'decode', 'lone')} |`,
    ),
  ];
  const shortDecode = r.short.filter((s) => s.op === 'decode');
  const sqlite = r.rows.filter((x) => x.store !== 'pglite').map((x) => x.decode);
  const pglite = r.rows.filter((x) => x.store === 'pglite').map((x) => x.decode);
  lines.push(
    '',
    wrap(
      `Measured with ${measured(r, { dated: false })}. Short well-formed strings (8–128 units, pools of 4,096 different ones) decode at ${extent(shortDecode.map((s) => s.wellFormed?.low))} of the platform's speed in each runtime's worst case, ${extent(shortDecode.map((s) => s.wellFormed?.median))} in its median. Reading 10,000 short rows back as a BLOB plus \`decode\` takes ${extent(sqlite)} times the TEXT read in SQLite and ${extent(pglite)} in PGlite, as with the platform's \`TextDecoder\` on the same bytes (${extent(r.rows.map((x) => x.textDecoder))}): the cost is the driver's, a byte array and a call per row. \`benches/README.md\` in the repository has every figure of this run, the method and the known misses.`,
    ),
  );
  return lines.join('\n');
}

/** README.md's sizes table. */
export function readmeSizes(r) {
  const about = {
    'wtf8-wasm': '`wtf8-wasm` (one file per runtime: Node, Deno, Bun, browsers)',
    'wtf8-wasm/encodings': '`wtf8-wasm/encodings`',
    'wtf8-wasm/inspect': '`wtf8-wasm/inspect`',
  };
  return [
    '| entry | raw | gzip | of which wasm (gzip) |',
    '|---|---:|---:|---:|',
    ...r.sizes.map(
      (s) =>
        `| ${about[s.entry] ?? s.entry} | ${range(s.raw)} | ${range(s.gzip)} | ${s.wasmGzip == null ? '–' : kB(s.wasmGzip)} |`,
    ),
    '',
    wrap(
      `From the same run (commit ${r.commit}); the raw and gzip figures are each file's, the lowest and highest of an entry's files.`,
    ),
  ].join('\n');
}

/** benches/README.md's results section: every group of every runtime, the short strings, the rows. */
export function benchResults(r) {
  const out = [
    wrap(
      `${measured(r)}. Ours ÷ the platform's lossy call (above 1: ours faster), lowest / median over each group (well-formed: ${WELL_FORMED.join(', ')}; lone surrogates: ${LONE.join(', ')}), at 10 K and 1 M units, and at 100 units:`,
    ),
    '',
    '| runtime | op | well-formed, 10 K + 1 M | lone surrogates, 10 K + 1 M | 100 units | control |',
    '|---|---|---:|---:|---:|---:|',
    ...r.speed.map(
      (s) =>
        `| ${s.runtime} | ${s.op} | ${pair(s.wellFormed)} | ${pair(s.lone)} | ${pair(s.small)} | ${s.control ? `${f2(s.control[0])}–${f2(s.control[1])}` : '–'} |`,
    ),
    '',
    wrap(
      '**Short strings** (`short.mjs`): pools of 4,096 *different* strings of 8, 32 and 128 units in four scripts (ascii; latin, a quarter accented; cjk with some ASCII; ASCII words and emoji), each well-formed and with one lone surrogate at a random place; every timed loop walks its whole pool (one string timed over and over measures a cache). Worst / median of platform ÷ ours:',
    ),
    '',
    '| runtime | op | well-formed: worst / median | one lone surrogate: worst / median |',
    '|---|---|---:|---:|',
    ...r.short.map((s) => `| ${s.runtime} | ${s.op} | ${pair(s.wellFormed)} | ${pair(s.lone)} |`),
  ];
  if (r.rows.length)
    out.push(
      '',
      wrap(
        "**Reading rows back** (`rows.mjs`, below): the TEXT read's median time, and each read's median time ÷ the TEXT read's in the same round:",
      ),
      '',
      '| runtime | store | TEXT read | BLOB + `decode` | BLOB + `TextDecoder` | control |',
      '|---|---|---:|---:|---:|---:|',
      ...r.rows.map(
        (x) =>
          `| ${x.runtime} | ${x.store === 'pglite' ? 'PGlite' : x.runtime.startsWith('Bun') ? 'bun:sqlite' : 'node:sqlite'} | ${x.textMs} ms | ${f2(x.decode)} | ${f2(x.textDecoder)} | ${f2(x.control)} |`,
      ),
    );
  return out.join('\n');
}

/** The marked sections: which file, its markers, and what goes between them. */
export const SECTIONS = [
  { file: 'README.md', name: 'speed', render: readmeSpeed },
  { file: 'README.md', name: 'sizes', render: readmeSizes },
  { file: join('benches', 'README.md'), name: 'results', render: benchResults },
];
export const markers = (name) => [
  `<!-- bench ${name}: written by benches/results.mjs from benches/results.json -->`,
  `<!-- end of bench ${name} -->`,
];

/** `text` with the section `name` replaced by `content`; throws if its markers are missing. */
export function replaceSection(text, name, content) {
  const [start, end] = markers(name);
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`no markers for the bench's ${name} section (${start})`);
  return `${text.slice(0, a + start.length)}\n${content}\n${text.slice(b)}`;
}

/** The section `name` of `text` as it stands (between its markers), or null. */
export function currentSection(text, name) {
  const [start, end] = markers(name);
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  return a < 0 || b < a ? null : text.slice(a + start.length + 1, b - 1);
}

/** Writes every marked section from `results` (default: benches/results.json). */
export function writeSections(results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'))) {
  for (const { file, name, render } of SECTIONS) {
    const path = join(root, file);
    writeFileSync(path, replaceSection(readFileSync(path, 'utf8'), name, render(results)));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
  if (process.argv.includes('--write')) writeSections(results);
  else if (process.argv.includes('--check')) {
    let stale = 0;
    for (const { file, name, render } of SECTIONS)
      if (currentSection(readFileSync(join(root, file), 'utf8'), name) !== render(results)) {
        console.error(`${file}: the bench's ${name} section is not what benches/results.json says`);
        stale++;
      }
    process.exitCode = stale ? 1 : 0;
  } else {
    console.error('usage: node benches/results.mjs --write | --check');
    process.exitCode = 2;
  }
}
