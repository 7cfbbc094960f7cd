#!/usr/bin/env python3
"""Keeps the record of fuzzing in fuzz/README.md: appends what a campaign ran to the logs, and
writes the totals from the logs. scripts/fuzz.sh --campaign (the cargo-fuzz targets) and
scripts/route-campaign.mjs --record (the JavaScript plans) call it; nothing else edits those
tables.

    python3 fuzz/record.py rust TARGET EXECUTIONS SECONDS COMMIT FINDINGS
    python3 fuzz/record.py js RUNTIME PLANS CASES SEED COMMIT FINDINGS   # PLANS: comma-separated
    python3 fuzz/record.py totals                                       # rewrite the totals only

The logs and totals are Markdown tables between `<!-- record:NAME -->` and `<!-- /record:NAME -->`
markers; each log row is one target (or one runtime's plans) of one campaign, dated (UTC).
"""
import datetime
import fcntl
import os
import re
import sys

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "README.md")

RUST_LOG = ["date", "commit", "target", "executions", "seconds", "findings"]
JS_LOG = ["date", "commit", "runtime", "plans", "cases per plan", "seed", "findings"]
JS_RUNTIMES = ["node22", "node24", "node26", "deno", "bun"]


def section(text, name):
    match = re.search(rf"<!-- record:{name} -->\n(.*?)<!-- /record:{name} -->", text, re.S)
    if not match:
        sys.exit(f"record.py: no <!-- record:{name} --> section in {README}")
    return match


def rows(text, name):
    """The data rows of the table in section `name`, as lists of cells."""
    lines = [l for l in section(text, name).group(1).splitlines() if l.startswith("|")]
    return [[c.strip() for c in l.strip("|").split("|")] for l in lines[2:]]


def table(header, body, align=None):
    align = align or ["---"] * len(header)
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(out) + "\n"


def replace(text, name, content):
    m = section(text, name)
    return text[: m.start(1)] + content + text[m.end(1) :]


def number(cell):
    return int(cell.replace(",", ""))


def targets():
    """The cargo-fuzz targets, from fuzz/Cargo.toml's [[bin]] entries."""
    with open(os.path.join(os.path.dirname(README), "Cargo.toml"), encoding="utf-8") as f:
        return re.findall(r'\[\[bin\]\]\nname = "([^"]+)"', f.read())


def totals(text):
    rust = {t: {"execs": 0, "runs": 0, "last": "never", "findings": 0} for t in targets()}
    for date, _commit, target, execs, _secs, findings in rows(text, "rust-log"):
        t = rust.setdefault(target, {"execs": 0, "runs": 0, "last": date, "findings": 0})
        t["execs"] += number(execs)
        t["runs"] += 1
        t["last"] = date if t["last"] == "never" else max(t["last"], date)
        t["findings"] += 0 if findings in ("none", "0") else 1
    body = [
        [f"`{k}`", f"{v['execs']:,}", str(v["runs"]), v["last"], "none" if v["findings"] == 0 else str(v["findings"])]
        for k, v in sorted(rust.items())
    ]
    text = replace(
        text,
        "rust-totals",
        table(["target", "executions", "runs", "last run", "runs with findings"], body, ["---", "---:", "---:", "---", "---"]),
    )

    js = {}
    last = {}
    for date, _commit, runtime, plans, cases, _seed, _findings in rows(text, "js-log"):
        for plan in plans.split(", "):
            js[(runtime, plan)] = js.get((runtime, plan), 0) + number(cases)
        last[runtime] = max(last.get(runtime, ""), date)
    runtimes = [r for r in JS_RUNTIMES if r in last] + sorted(r for r in last if r not in JS_RUNTIMES)
    plans = sorted({p for (_r, p) in js})
    body = [[f"`{p}`"] + [f"{js[(r, p)]:,}" if (r, p) in js else "–" for r in runtimes] for p in plans]
    body.append(["last run"] + [last[r] for r in runtimes])
    content = (
        table(["plan"] + runtimes, body, ["---"] + ["---:"] * len(runtimes)) if runtimes else "No runs yet.\n"
    )
    text = replace(text, "js-totals", content)
    return text


def append(text, name, header, row):
    body = rows(text, name) + [row]
    return replace(text, name, table(header, body))


def main(argv):
    # The Rust and the JavaScript campaigns may record at the same moment: one at a time.
    with open(README, "r+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        text = update(f.read(), argv)
        f.seek(0)
        f.write(text)
        f.truncate()


def update(text, argv):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    if argv[:1] == ["rust"] and len(argv) == 6:
        _, target, execs, secs, commit, findings = argv
        text = append(
            text, "rust-log", RUST_LOG, [today, commit, target, f"{int(execs):,}", secs, findings]
        )
    elif argv[:1] == ["js"] and len(argv) == 7:
        _, runtime, plans, cases, seed, commit, findings = argv
        text = append(
            text,
            "js-log",
            JS_LOG,
            [today, commit, runtime, ", ".join(plans.split(",")), f"{int(cases):,}", seed, findings],
        )
    elif argv != ["totals"]:
        sys.exit(__doc__)
    return totals(text)


if __name__ == "__main__":
    main(sys.argv[1:])
