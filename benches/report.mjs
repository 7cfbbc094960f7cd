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
  return out.join('\n');
}

/**
 * The short-string section (benches/short.mjs): per runtime × op × script, the ratio platform ÷
 * ours (> 1: ours faster) at each size, well-formed and with one lone surrogate, with the control;
 * then per runtime × op the worst and median of each kind.
 */
export function shortTable(results) {
  const f = (x) => (x == null ? '-' : x.toFixed(2));
  const lines = [];
  const summary = [];
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
  return out.join('\n');
}

/**
 * With `--plans`: `{ runtime → { plan → { info, suite, short } } }` and each plan's bands
 * (`describePlan`, tests/js/plans.mjs) → per runtime, each plan's ratio per side and size (the
 * geometric mean over the scripts or corpora of that size, well-formed and with lone surrogates
 * alike; > 1: ours faster), the best marked, then a row to paste into js/routes.ts: for each size
 * the best plan's band that holds it.
 */
export function plansReport(results, bands, date) {
  const out = [];
  const f = (x) => (x == null ? '-' : x.toFixed(2));
  const geo = (list) => (list.length ? Math.exp(list.reduce((a, x) => a + Math.log(x), 0) / list.length) : null);
  for (const [runtime, byPlan] of Object.entries(results)) {
    const plans = Object.keys(byPlan);
    const cells = {}; // side → size → plan → ratio
    for (const plan of plans) {
      const { suite, short } = byPlan[plan];
      for (const c of short?.cases ?? []) {
        const r = c.ratios.ours?.median;
        if (r != null) (((cells[c.side] ??= {})[c.size] ??= {})[plan] ??= []).push(r);
      }
      for (const op of OPS)
        for (const c of suite?.cases.filter((x) => x.side === op.side) ?? []) {
          const r = c.ratios[op.ratio]?.median;
          if (r != null) (((cells[op.side] ??= {})[c.size] ??= {})[plan] ??= []).push(r);
        }
    }
    out.push(
      `PLANS on ${runtime} (${date}): ours ÷ platform per size, the geometric mean over its scripts or corpora (wf and lone); * = best`,
    );
    const rows = [];
    const best = {};
    for (const side of ['encode', 'decode']) {
      const sizes = Object.keys(cells[side] ?? {})
        .map(Number)
        .sort((a, b) => a - b);
      for (const size of sizes) {
        const means = plans.map((plan) => geo(cells[side][size][plan] ?? []));
        const top = Math.max(...means.filter((m) => m != null));
        const winner = plans[means.indexOf(top)];
        (best[side] ??= []).push({ size, plan: winner, ratio: top });
        rows.push([side, fmtSize(size), ...means.map((m, i) => `${f(m)}${plans[i] === winner ? '*' : ' '}`)]);
      }
    }
    out.push(table(['side', 'size', ...plans], rows, 2), '');
    out.push(`// ${runtime}: the best plan per size (\`npm run bench -- --plans --runtime ${runtime}\`, ${date})`);
    for (const side of ['encode', 'decode']) {
      const picked = [];
      for (const { size, plan, ratio } of best[side] ?? []) {
        const band = bands[plan][side].find((b) => size <= b.upTo);
        const last = picked.at(-1);
        if (last && last.plan === plan && last.band === band) last.sizes.push(`${fmtSize(size)} ${f(ratio)}`);
        else picked.push({ plan, band, sizes: [`${fmtSize(size)} ${f(ratio)}`] });
      }
      out.push(`${side}: [`);
      for (const { plan, band, sizes } of picked) {
        out.push(`  // ${sizes.join(', ')}: ${plan}'s band`);
        out.push(`  upTo(${band.upTo}, ${band.steps.join(', ')}),`);
      }
      out.push('],');
    }
    out.push('');
  }
  return out.join('\n');
}
