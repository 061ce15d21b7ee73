#!/usr/bin/env python3
"""Summarizes the last `cargo bench -p acey-rules` run from target/criterion (docs/benchmarks.md).

Prints, for each benchmark, the mean time per element (a generation or a turn) with criterion's
confidence interval, the elements per second, and acey/bkgm ratios for the backgammon groups.
Benchmarks that were not run are left out. Usage:
python3 crates/rules/benches/summarize.py [target/criterion]
"""
import json
import sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")


def load(group, fn):
    """Mean per element and its interval, or None when that benchmark was not run."""
    d = root / group.replace("/", "_") / fn / "new"
    if not (d / "estimates.json").exists():
        return None
    est = json.loads((d / "estimates.json").read_text())["mean"]
    n = json.loads((d / "benchmark.json").read_text())["throughput"]["Elements"]
    ci = est["confidence_interval"]
    return est["point_estimate"] / n, ci["lower_bound"] / n, ci["upper_bound"] / n


def fmt(ns):
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.0f} ns"


rows = []
for group, fns in [
    ("acey-movegen", ["weighted-36", "non-doubles", "doubles"]),
    ("selfplay", ["game-api", "movegen-loop"]),
]:
    for fn in fns:
        found = load(group, fn)
        if found is None:
            continue
        mean, lo, hi = found
        print(f"{group}/{fn}: {fmt(mean)} per element [{fmt(lo)} .. {fmt(hi)}], "
              f"{1e9 / mean:,.0f} per second")
for case in ["start-31", "contact", "race"]:
    group = f"backgammon/{case}"
    acey, bkgm = load(group, "acey"), load(group, "bkgm")
    if acey is None or bkgm is None:
        continue
    a, alo, ahi = acey
    b, blo, bhi = bkgm
    print(f"{group}: acey {fmt(a)} [{fmt(alo)} .. {fmt(ahi)}], bkgm {fmt(b)} "
          f"[{fmt(blo)} .. {fmt(bhi)}] per generation; acey/bkgm time ratio {a / b:.2f}")
