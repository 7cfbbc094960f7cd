// The cross-runtime report of benches/run.mjs: one compact table of ours ÷ the platform's call,
// per runtime × operation × corpus × size, with the control (the platform call timed against
// itself in the same rounds) beside it, and a summary against the targets of the route table.

const fmtSize = (n) =>
  n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}K` : String(n);

const OPS = [
  { side: 'encode', label: 'encode', ratio: 'encode÷TE', control: "TE'÷TE" },
  { side: 'decode', label: 'decode', ratio: 'decode÷TD', control: "TD'÷TD" },
];

/** `{ runtime → { info, suite } }` → the ratio of each runtime × op × corpus × size (median of paired rounds). */
export function crossRuntimeRows(results) {
  const rows = [];
  for (const [runtime, { suite }] of Object.entries(results)) {
    if (!suite) continue;
    for (const op of OPS) {
      for (const c of suite.cases.filter((x) => x.side === op.side)) {
        rows.push({
          runtime,
          op: op.label,
          corpus: c.corpus,
          size: c.size,
          ratio: c.ratios[op.ratio]?.median ?? null,
          control: c.ratios[op.control]?.median ?? null,
        });
      }
    }
  }
  return rows;
}

function table(headers, rows, left = 3) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i < left ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const WELL_FORMED = ['ascii', 'latin', 'cyrillic', 'cjk', 'korean', 'emoji'];

/** The report as text: the full table, then a summary per runtime × operation. */
export function crossRuntimeTable(results) {
  const rows = crossRuntimeRows(results);
  if (rows.length === 0) return 'no results';
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
  const keyed = new Map();
  for (const r of rows) {
    const key = `${r.runtime}|${r.op}|${r.corpus}`;
    if (!keyed.has(key)) keyed.set(key, { runtime: r.runtime, op: r.op, corpus: r.corpus, bySize: {}, controls: [] });
    const k = keyed.get(key);
    k.bySize[r.size] = r.ratio;
    if (r.control != null) k.controls.push(r.control);
  }
  const f = (x) => (x == null ? '-' : x.toFixed(2));
  const out = [];
  out.push(
    'OURS ÷ PLATFORM (TextEncoder.encode / TextDecoder.decode in the same process; > 1 = ours faster): median of paired per-round ratios.',
  );
  out.push(
    'control = the platform call timed against itself in the same rounds (its spread around 1.00 is the noise of the run).',
  );
  out.push(
    table(
      ['runtime', 'op', 'corpus', ...sizes.map(fmtSize), 'control'],
      [...keyed.values()].map((k) => [
        k.runtime,
        k.op,
        k.corpus,
        ...sizes.map((s) => f(k.bySize[s])),
        k.controls.length ? `${f(Math.min(...k.controls))}-${f(Math.max(...k.controls))}` : '-',
      ]),
    ),
  );
  out.push('');
  out.push(
    'SUMMARY: the lowest ratio per group (well-formed: ascii latin cyrillic cjk korean emoji; lone surrogates: sparse sliced dense).',
  );
  const groups = [];
  for (const runtime of [...new Set(rows.map((r) => r.runtime))]) {
    for (const op of ['encode', 'decode']) {
      const of = (pred) =>
        rows.filter((r) => r.runtime === runtime && r.op === op && pred(r) && r.ratio != null).map((r) => r.ratio);
      const min = (list) => (list.length ? f(Math.min(...list)) : '-');
      const controls = rows
        .filter((r) => r.runtime === runtime && r.op === op && r.control != null)
        .map((r) => r.control);
      groups.push([
        runtime,
        op,
        min(of((r) => WELL_FORMED.includes(r.corpus) && r.size >= 10_000)),
        min(of((r) => !WELL_FORMED.includes(r.corpus) && r.size >= 10_000)),
        min(of((r) => r.size < 1000)),
        controls.length ? `${f(Math.min(...controls))}-${f(Math.max(...controls))}` : '-',
      ]);
    }
  }
  out.push(
    table(['runtime', 'op', 'well-formed 10K+1M', 'lone surrogates 10K+1M', '~100 units', 'control'], groups, 2),
  );
  const sweep = sweepSummary(results);
  if (sweep) out.push('', sweep);
  return out.join('\n');
}

/**
 * With `--sweep`: each route value's lowest and median ratio per group, per runtime (the route
 * table's choices come from these), or '' without a sweep.
 */
function sweepSummary(results) {
  const rows = [];
  const f = (x) => (x == null ? '-' : x.toFixed(2));
  for (const [runtime, { suite }] of Object.entries(results)) {
    if (!suite) continue;
    const labels = [...new Set(suite.cases.flatMap((c) => Object.keys(c.ratios).filter((l) => l.startsWith('['))))];
    for (const label of labels) {
      const of = (pred) =>
        suite.cases
          .filter((c) => pred(c) && c.ratios[label])
          .map((c) => c.ratios[label].median)
          .sort((a, b) => a - b);
      const cell = (list) => (list.length ? `${f(list[0])} / ${f(list[list.length >> 1])}` : '-');
      rows.push([
        runtime,
        label.replace(/÷T[ED]$/, ''),
        cell(of((c) => WELL_FORMED.includes(c.corpus) && c.size >= 10_000)),
        cell(of((c) => !WELL_FORMED.includes(c.corpus) && c.size >= 10_000)),
        cell(of((c) => c.size < 1000)),
      ]);
    }
  }
  if (rows.length === 0) return '';
  return [
    'SWEEP: each route value, ours ÷ platform as lowest / median per group',
    table(['runtime', 'route', 'well-formed 10K+1M', 'lone surrogates 10K+1M', '~100 units'], rows, 2),
  ].join('\n');
}

/**
 * The short-string section (benches/short.mjs): per runtime × op × script, the ratio platform ÷
 * ours (> 1: ours faster) at each size, well-formed and with one lone surrogate, with the control;
 * then per runtime × op the worst and median of each kind, and of each swept route value.
 */
export function shortTable(results) {
  const f = (x) => (x == null ? '-' : x.toFixed(2));
  const lines = [];
  const summary = [];
  const routes = [];
  for (const [runtime, { short }] of Object.entries(results)) {
    if (!short) continue;
    const sizes = [...new Set(short.cases.map((c) => c.size))].sort((a, b) => a - b);
    for (const op of ['encode', 'decode']) {
      const cases = short.cases.filter((c) => c.side === op);
      if (!cases.length) continue;
      for (const script of [...new Set(cases.map((c) => c.script))]) {
        const cell = (size, kind) => cases.find((c) => c.script === script && c.size === size && c.kind === kind);
        const controls = cases
          .filter((c) => c.script === script && c.ratios.control)
          .map((c) => c.ratios.control.median);
        lines.push([
          runtime,
          op,
          script,
          ...sizes.map((s) => f(cell(s, 'wf')?.ratios.ours?.median)),
          ...sizes.map((s) => f(cell(s, 'lone')?.ratios.ours?.median)),
          controls.length ? `${f(Math.min(...controls))}-${f(Math.max(...controls))}` : '-',
        ]);
      }
      const stats = (id, kind) => {
        const list = cases
          .filter((c) => c.kind === kind && c.ratios[id])
          .map((c) => c.ratios[id].median)
          .sort((a, b) => a - b);
        return list.length ? `${f(list[0])} / ${f(list[list.length >> 1])}` : '-';
      };
      summary.push([runtime, op, stats('ours', 'wf'), stats('ours', 'lone')]);
      const swept = [...new Set(cases.flatMap((c) => Object.keys(c.ratios).filter((id) => id.startsWith('ours['))))];
      for (const id of swept) routes.push([runtime, op, id.slice(4), stats(id, 'wf'), stats(id, 'lone')]);
    }
  }
  if (!lines.length) return 'no short-string results';
  const sizes = [...new Set(Object.values(results).flatMap((r) => r.short?.cases.map((c) => c.size) ?? []))].sort(
    (a, b) => a - b,
  );
  const out = [
    'SHORT STRINGS: platform ÷ ours (> 1: ours faster), median of paired per-round ratios; each timed loop walks a pool of 4,096 different strings.',
    table(
      ['runtime', 'op', 'script', ...sizes.map((s) => `wf ${s}`), ...sizes.map((s) => `lone ${s}`), 'control'],
      lines,
    ),
    '',
    'SHORT SUMMARY: worst / median per runtime and op',
    table(['runtime', 'op', 'well-formed', 'one lone surrogate'], summary, 2),
  ];
  if (routes.length)
    out.push(
      '',
      'SHORT SWEEP: worst / median of each route value',
      table(['runtime', 'op', 'route', 'well-formed', 'one lone surrogate'], routes, 3),
    );
  return out.join('\n');
}
