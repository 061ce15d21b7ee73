#!/usr/bin/env python3
"""How finely a benchmark of errors can tell plays apart: two settlements of the same decisions.

    python3 scripts/benchmark_noise.py FIRST.txt SECOND.txt

FIRST and SECOND are `acey benchmark` files holding the same decisions, settled with different
rollout seeds (`acey benchmark --generate SECOND.txt --from FIRST.txt --seed S ...`). On the
candidates both settled, each file's best play is charged by the other file's equities, stage
by stage: a player who always played the first settlement's best would lose that much per
decision by the second's account, from the rollouts' noise alone. It is the benchmark's
resolution: differences between bots smaller than it say little.
"""
import sys
from collections import defaultdict


def read(path):
    """The decisions of a benchmark file: (stage, position, dice, {candidate: equity})."""
    out = []
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"cannot read {path}: {e.strerror}")
    with f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 4:
                sys.exit(f"{path}:{n}: expected STAGE POSITION DICE CANDIDATE:EQUITY...")
            cands = {}
            for c in fields[3:]:
                state, _, equity = c.rpartition(":")
                try:
                    cands[state] = float(equity)
                except ValueError:
                    sys.exit(f"{path}:{n}: bad candidate {c!r}")
            out.append((fields[0], fields[1], fields[2], cands))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = read(sys.argv[1]), read(sys.argv[2])
    if len(a) != len(b) or any(x[:3] != y[:3] for x, y in zip(a, b)):
        sys.exit("the two files do not hold the same decisions in the same order")
    loss = defaultdict(list)
    for (stage, _, _, ca), (_, _, _, cb) in zip(a, b):
        common = [c for c in ca if c in cb]
        if len(common) < 2:
            continue
        for mine, other in ((ca, cb), (cb, ca)):
            best = max(common, key=lambda c: mine[c])
            charged = max(other[c] for c in common) - other[best]
            loss[stage].append(charged)
            loss["all"].append(charged)
    stages = ["entering", "contact", "chain", "race", "bear-off", "all"]
    print("one settlement's best plays charged by the other (mean equity per decision):")
    for s in stages + sorted(set(loss) - set(stages)):
        if loss.get(s):
            v = loss[s]
            # Each decision is counted twice, once each way.
            changed = sum(1 for x in v if x > 0) / len(v)
            print(
                f"{s:9} {sum(v) / len(v):.4f}  ({len(v) // 2} decisions; "
                f"the other's best is another play in {100 * changed:.1f}%)"
            )


if __name__ == "__main__":
    main()
