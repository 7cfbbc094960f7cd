#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora, fuzz/seeds/<target>/, from the shared vector tables
(tests/vectors/wtf8.json, tests/vectors/encodings/*.json), in each target's input format:

- byte targets get the rows' bytes; code-unit targets the rows' units as little-endian u16;
  Corrected UTF-8 also the code point rows as little-endian u32;
- targets whose first input byte is a knob (stream, concat, kernels, wtf8_string, inspect_chunks,
  stream_words) get it from a fixed cycle;
- consecutive rows are joined eight at a time, so that the seeds are few (about a hundred per
  target) and long enough for the SIMD kernels' windows (16 to 48 bytes).

Deterministic: file names are the SHA-1 of the contents, as libFuzzer names its corpus files.

    python3 fuzz/seeds.py           # (re)write fuzz/seeds/
    python3 fuzz/seeds.py --check   # fail if fuzz/seeds/ is not what this script writes
"""
import hashlib
import json
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "seeds")
GROUP = 8


def load(*path):
    with open(os.path.join(ROOT, "tests", "vectors", *path), encoding="utf-8") as f:
        return json.load(f)


def units_le(units):
    return struct.pack(f"<{len(units)}H", *units)


def cps_le(cps):
    return struct.pack(f"<{len(cps)}I", *cps)


def grouped(pieces, knobs=None):
    """Joins consecutive pieces GROUP at a time; with `knobs`, each seed starts with the next
    knob byte. Keeps each seed once."""
    seeds = []
    for k in range(0, len(pieces), GROUP):
        body = b"".join(pieces[k : k + GROUP])
        if knobs is not None:
            body = bytes([knobs[(k // GROUP) % len(knobs)]]) + body
        if body not in seeds:
            seeds.append(body)
    return seeds


def seeds():
    wtf8 = load("wtf8.json")
    wtf8_bytes = [bytes.fromhex(r["bytes"]) for r in wtf8["bytes"]]
    wtf8_units = [units_le(r["units"]) for r in wtf8["strings"]]
    wtf8_encoded = [bytes.fromhex(r["wtf8"]) for r in wtf8["strings"]]
    enc = {
        name: load("encodings", f"{name}.json")
        for name in ["cesu8", "mutf8", "utf8b", "utf16", "utf32", "corrected_utf8"]
    }
    out = {
        "strict_decode": grouped(wtf8_bytes + wtf8_encoded),
        "lenient_decode": grouped(wtf8_bytes + wtf8_encoded),
        "round_trip": grouped(wtf8_units),
        # Knobs: even = short chunks, odd = long ones (stream); cut sizes (concat); room and
        # index room (kernels).
        "stream": grouped(wtf8_units + wtf8_bytes, knobs=[0, 1, 2, 3]),
        "concat": grouped(wtf8_units, knobs=[0, 3, 7, 15]),
        "kernels": grouped(wtf8_bytes + wtf8_units, knobs=[0, 1, 0x81, 0xFF]),
        # Knobs: the cut for joining and whether the units skip the first byte (wtf8_string);
        # short or long chunks (inspect_chunks, stream_words).
        "wtf8_string": grouped(wtf8_bytes + wtf8_encoded + wtf8_units, knobs=[0, 3, 0x85, 0xFF]),
        "inspect_chunks": grouped(wtf8_bytes + wtf8_encoded + wtf8_units, knobs=[0, 1, 2, 3]),
        "stream_words": grouped(wtf8_units + wtf8_bytes, knobs=[0, 1, 2, 3]),
        "js_restore": grouped(wtf8_units),
    }
    for name, table in enc.items():
        pieces = [bytes.fromhex(r["bytes"]) for r in table["bytes"]]
        pieces += [units_le(r["units"]) for r in table["strings"]]
        if name == "corrected_utf8":
            pieces += [cps_le(r["code_points"]) for r in table["code_points"]]
        if name == "mutf8":
            pieces += [bytes.fromhex(r["bytes"]) for r in table["frames"]]
        out[name] = grouped(pieces)
    return out


def main():
    check = "--check" in sys.argv[1:]
    problems = []
    for target, files in sorted(seeds().items()):
        directory = os.path.join(OUT, target)
        want = {hashlib.sha1(body).hexdigest(): body for body in files}
        have = set(os.listdir(directory)) if os.path.isdir(directory) else set()
        if check:
            for name in sorted(have ^ set(want)):
                problems.append(f"{target}/{name}: {'missing' if name in want else 'not generated'}")
            for name in sorted(have & set(want)):
                with open(os.path.join(directory, name), "rb") as f:
                    if f.read() != want[name]:
                        problems.append(f"{target}/{name}: differs")
            continue
        os.makedirs(directory, exist_ok=True)
        for name in have - set(want):
            os.remove(os.path.join(directory, name))
        for name, body in want.items():
            with open(os.path.join(directory, name), "wb") as f:
                f.write(body)
        print(f"{target}: {len(want)} seeds, {sum(map(len, want.values()))} bytes")
    if problems:
        print("fuzz/seeds/ is not what fuzz/seeds.py writes (run it):", *problems[:20], sep="\n  ")
        sys.exit(1)


if __name__ == "__main__":
    main()
