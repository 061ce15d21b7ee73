#!/usr/bin/env python3
"""Two nets (or levels) against tabula on the same dice: each one's figures and their difference.

    python3 scripts/tabula_duel.py --seed 1 --json a-1.jsonl [--net A ...]
    python3 scripts/tabula_duel.py --seed 1 --json b-1.jsonl [--net B ...]
    ...
    python3 scripts/tabula_compare.py --a a-1.jsonl a-3.jsonl --b b-1.jsonl b-3.jsonl

The JSON lines of scripts/tabula_duel.py hold each game's pair, acey's seat, points, luck and
luck-adjusted points. The i-th file of --a and the i-th of --b must come from the same seed (the
same dice, pair by pair); a pair counts where both of its games finished in both runs.

The difference is taken pair by pair (the mean of a pair's luck-adjusted points in A minus the
same in B), with its own 95% interval. Common dice buy less here than in `acey duel`: two runs'
games part ways within a few rolls, so the paired interval is about what the two intervals side
by side give (December 2026: +/-0.27 luck-adjusted, +/-0.57 plain, for 400 pairs); it is the luck
adjustment that narrows it. Standard library only; `--self-test` checks the arithmetic on
made-up games.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnubg_duel import mean_ci  # noqa: E402 (the interval of every duel script's report)


def load(path):
    """The complete pairs of one run: {pair: [game of seat 0, game of seat 1]}."""
    pairs = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                g = json.loads(line)
                key, seat = int(g["pair"]), int(g["acey_seat"])
                float(g["points"]), float(g["adjusted"])
            except (ValueError, KeyError, TypeError) as e:
                raise SystemExit("%s:%d: not a game of scripts/tabula_duel.py (%s)" % (path, n, e))
            pairs.setdefault(key, {})[seat] = g
    return {k: [v[0], v[1]] for k, v in pairs.items() if 0 in v and 1 in v}


def pair_mean(pair, field):
    return (float(pair[0][field]) + float(pair[1][field])) / 2


def side(runs):
    """One side's figures over its runs: pairs, plain and luck-adjusted means, wins, margins."""
    pairs = [p for run in runs for p in run.values()]
    games = [g for p in pairs for g in p]
    if not pairs:
        raise SystemExit("no complete pair in these files")
    wins = [float(g["points"]) for g in games if float(g["points"]) > 0]
    losses = [float(g["points"]) for g in games if float(g["points"]) < 0]
    return {
        "pairs": len(pairs),
        "plain": mean_ci([pair_mean(p, "points") for p in pairs]),
        "adjusted": mean_ci([pair_mean(p, "adjusted") for p in pairs]),
        "wins": len(wins) / len(games),
        "win_points": sum(wins) / len(wins) if wins else 0.0,
        "loss_points": sum(losses) / len(losses) if losses else 0.0,
    }


def difference(runs_a, runs_b, field):
    """A minus B pair by pair over the pairs complete in both runs of each seed."""
    diffs = []
    for a, b in zip(runs_a, runs_b):
        for k in sorted(set(a) & set(b)):
            diffs.append(pair_mean(a[k], field) - pair_mean(b[k], field))
    return diffs


def fmt(mc):
    m, h = mc
    return "%+.2f (%+.2f .. %+.2f)" % (m, m - h, m + h)


def report(names, runs_a, runs_b):
    lines = []
    for name, runs in zip(names, (runs_a, runs_b)):
        s = side(runs)
        lines.append("%s: %d pairs, points per game %s, luck-adjusted %s, %.1f%% wins "
                     "(a win %.2f points, a loss %.2f)" % (
                         name, s["pairs"], fmt(s["plain"]), fmt(s["adjusted"]),
                         100 * s["wins"], s["win_points"], s["loss_points"]))
    for field, label in (("points", "plain"), ("adjusted", "luck-adjusted")):
        d = difference(runs_a, runs_b, field)
        if len(d) < 2:
            lines.append("%s minus %s: fewer than 2 common pairs" % names)
            break
        lines.append("%s minus %s, %s, pair by pair over %d common pairs: %s" % (
            names[0], names[1], label, len(d), fmt(mean_ci(d))))
    return "\n".join(lines)


def self_test():
    def game(pair, seat, points, luck):
        return {"pair": pair, "acey_seat": seat, "points": points, "luck": luck,
                "adjusted": points - luck}
    # B: pairs whose adjusted points vary; A: the same games, each 1 point more where acey
    # played seat 0 of an even pair, so A - B is exactly 0.5 on even pairs and 0 on odd ones.
    b = {k: [game(k, 0, k % 7 - 2, (k % 3) - 1.0), game(k, 1, 5 - k % 5, 0.5)]
         for k in range(40)}
    a = {k: [dict(v[0], points=v[0]["points"] + (k % 2 == 0),
                  adjusted=v[0]["adjusted"] + (k % 2 == 0)), v[1]] for k, v in b.items()}
    a[41] = [game(41, 0, 15, 0.0), game(41, 1, 15, 0.0)]  # a pair B lacks: not compared
    same = difference([b], [b], "adjusted")
    assert len(same) == 40 and all(x == 0 for x in same), same
    d = difference([a], [b], "adjusted")
    assert len(d) == 40 and abs(mean_ci(d)[0] - 0.25) < 1e-12, mean_ci(d)
    assert side([a])["pairs"] == 41 and side([b])["pairs"] == 40
    m, h = mean_ci([1.0, 3.0])
    assert m == 2.0 and abs(h - 1.96) < 1e-12, (m, h)
    text = report(("A", "B"), [a], [b])
    assert "A minus B, luck-adjusted, pair by pair over 40 common pairs: +0.25" in text, text
    print("tabula_compare self-test: ok (40 pairs, difference +0.25 recovered)")


def main():
    ap = argparse.ArgumentParser(description="Two runs of scripts/tabula_duel.py on the same "
                                             "dice: each one's figures and their difference.")
    ap.add_argument("--a", nargs="+", default=[], help="JSON lines of A, one file per seed")
    ap.add_argument("--b", nargs="+", default=[], help="JSON lines of B, the same seeds in order")
    ap.add_argument("--names", nargs=2, default=("A", "B"), help="names of A and B")
    ap.add_argument("--self-test", action="store_true", help="check the arithmetic and exit")
    args = ap.parse_args()
    if args.self_test:
        self_test()
        return
    if not args.a or len(args.a) != len(args.b):
        sys.exit("give --a and --b the same number of files, the i-th of each from one seed")
    try:
        runs_a = [load(p) for p in args.a]
        runs_b = [load(p) for p in args.b]
    except OSError as e:
        sys.exit("cannot read %s: %s" % (e.filename, e.strerror))
    print(report(tuple(args.names), runs_a, runs_b))


if __name__ == "__main__":
    main()
