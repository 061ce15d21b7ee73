#!/usr/bin/env python3
"""acey's analysis against GNU Backgammon's on the same backgammon games.

    python3 scripts/gnubg_compare.py --games 6 --seed 1 --plies 2

Plays GAMES cubeless money games inside GNU Backgammon (Debian's `gnubg` 1.07) between two gnubg
players at 0-ply with NOISE (games of mixed quality, as people play them; the noise is gnubg's
deterministic kind, drawn from the position, so the same SEED gives the same games), and
has gnubg analyse every checker play at PLIES (`analyse game`). Each game is then written as an
acey game record (docs/notation.md) and analysed by `acey analyse --json --ply PLIES` (the
`strongest` level's evaluator and filters). Decision by decision (the same rolls, the same
positions), it reports:

* **equal best plays**: the share of the decisions with more than one legal play where both
  programs' best play reaches the same position (or gnubg values acey's best exactly as its
  own); the others counted by how much gnubg says acey's best loses (most are close calls);
* **loss correlation**: the Pearson correlation of the two programs' equity lost by the played
  play, over those decisions, and each program's mean loss;
* **shared marks**: of each program's bad-or-worse plays (0.08 of a point lost or more, the
  thresholds of docs/analysis.md, which are gnubg's own), how many the other marks bad or worse;
* **luck**: the mean absolute difference of a roll's luck (acey's luck column against gnubg's
  luck value), of the opening roll's, and of a player's luck summed over a game;
* the decisions where gnubg's best play beats acey's best by more than 0.5 by gnubg's judgement.

`--net FILE` (and `--race-net FILE`) has acey judge with another network, to measure a
trained one on the same games. `--self-test` checks the comparison on made-up decisions (no
gnubg needed).
`--keep DIR` keeps each game's record (`game-N.txt`), gnubg's moves (`game-N.json`) and acey's
analysis (`game-N.acey.json`); `--json` prints the figures as one JSON object.

How it works: this file runs twice. Run with python3 it is the driver: it starts `gnubg -t -q -p
THIS_FILE` with the options in the environment, which plays and analyses the games and writes
them as JSON to a file; the driver then writes the records, runs acey and compares. Run inside
gnubg (`import gnubg` works only there) it is the worker. Standard library only.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

BAD = 0.08
FAR = 0.5
# gnubg's scores are rounded floats: plays it values within this are its equal best.
TIE = 1e-6
# The bands the different best plays are counted in, by gnubg's equity lost by acey's best.
GAPS = [
    ("under 0.005", 0.0, 0.005),
    ("0.005-0.02", 0.005, 0.02),
    ("0.02-0.08", 0.02, 0.08),
    ("0.08 or more", 0.08, math.inf),
]


def worker():
    """Inside gnubg: play and analyse the games, write them as JSON lines."""
    import gnubg  # noqa: F401 (only inside gnubg)

    games = int(os.environ["COMPARE_GAMES"])
    seed = int(os.environ["COMPARE_SEED"])
    plies = int(os.environ["COMPARE_PLIES"])
    noise = float(os.environ["COMPARE_NOISE"])
    out = os.environ["COMPARE_OUT"]
    for command in [
        "set rng mersenne",
        f"set seed {seed}",
        "set cube use off",
        "set jacoby off",
        "set automatic game off",
        f"set analysis chequerplay evaluation plies {plies}",
        "set analysis chequerplay evaluation cubeful off",
        "set analysis chequerplay evaluation prune on",
    ]:
        gnubg.command(command)
    for p in (0, 1):
        for command in [
            f"set player {p} gnubg",
            f"set player {p} chequerplay evaluation plies 0",
            f"set player {p} chequerplay evaluation noise {noise}",
            # Noise drawn from the position, not from a clock-seeded generator: the same
            # seed gives the same games, so runs (and builds of acey) can be compared.
            f"set player {p} chequerplay evaluation deterministic on",
        ]:
            gnubg.command(command)
    with open(out, "w") as f:
        for _ in range(games):
            gnubg.command("new game")
            # The players' own move lists (ranked with their noise) would be kept as analysis.
            gnubg.command("analysis clear game")
            gnubg.command("analyse game")
            played = gnubg.match(analysis=1, boards=1, statistics=0, verbose=0)["games"]
            game = played[-1]["game"]
            moves = []
            for r in game:
                if r.get("action") != "move":
                    continue
                a = r.get("analysis") or {}
                moves.append(
                    {
                        "player": 0 if r["player"] == "O" else 1,
                        "dice": list(r["dice"]),
                        "move": [list(m) for m in r.get("move") or ()],
                        "board": r["board"],
                        "luck": a.get("luck-value"),
                        "imove": a.get("imove"),
                        "moves": [
                            {"move": [list(x) for x in m["move"]], "score": m["score"]}
                            for m in a.get("moves") or ()
                        ],
                    }
                )
            f.write(json.dumps(moves) + "\n")
            f.flush()


def point(p):
    """A gnubg point (mover's numbering, 25 the bar, 0 off) in acey's notation."""
    return {25: "bar", 0: "off"}.get(p, str(p))


def record(moves):
    """The acey game record of a game's moves (docs/notation.md, "Plain-text game records")."""
    first = moves[0]
    hi, lo = max(first["dice"]), min(first["dice"])
    # The die-off gives the opener the higher die; player 0's die is written first.
    dieoff = f"{hi}-{lo}" if first["player"] == 0 else f"{lo}-{hi}"
    lines = ["# acey game record", "Rules: backgammon", "Match: none", "", "game 1"]
    lines.append(f"die-off {dieoff}")
    for i, m in enumerate(moves):
        a, b = m["dice"]
        if i == 0:
            a, b = hi, lo
        play = " ".join(f"{point(f)}/{point(t)}" for f, t in m["move"]) or "-"
        lines.append(f"{m['player']} {a}-{b}: {play}")
    return "\n".join(lines) + "\n"


def after(position, player, move):
    """The board (acey's position JSON: player 0's numbering, player 1 negative) after `player`
    plays gnubg's `move` (its numbering), as (board, bar, off)."""
    board = list(position["board"])
    bar = list(position["bar"])
    off = list(position["off"])
    sign = 1 if player == 0 else -1

    def index(p):
        return p - 1 if player == 0 else 24 - p

    for f, t in move:
        if f == 25:
            bar[player] -= 1
        else:
            board[index(f)] -= sign
        if t <= 0:
            off[player] += 1
            continue
        i = index(t)
        if board[i] == -sign:
            board[i] = 0
            bar[1 - player] += 1
        board[i] += sign
    return (tuple(board), tuple(bar), tuple(off))


def reached(position):
    return (tuple(position["board"]), tuple(position["bar"]), tuple(position["off"]))


def pearson(xs, ys):
    n = len(xs)
    if n < 2:
        return float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def compare(games):
    """The figures over `games`: a list of (gnubg moves, acey analysis JSON)."""
    unforced = equal = 0
    acey_loss, gnubg_loss = [], []
    acey_bad = gnubg_bad = shared = 0
    luck_diff, opening_diff, game_luck_diff = [], [], []
    far = []
    gaps = []  # gnubg's equity lost by acey's best play, where the best plays differ
    for g, (moves, analysis) in enumerate(games, 1):
        plays = [d for d in analysis["decisions"] if d["kind"] == "play"]
        if len(plays) != len(moves):
            raise SystemExit(f"game {g}: acey judged {len(plays)} rolls, gnubg {len(moves)}")
        luck_sum = {0: [0.0, 0.0], 1: [0.0, 0.0]}
        for i, (m, d) in enumerate(zip(moves, plays)):
            if sorted(d["dice"]) != sorted(m["dice"]):
                raise SystemExit(f"game {g} roll {i + 1}: dice {d['dice']} against {m['dice']}")
            if m["luck"] is not None and d["luck"] is not None:
                luck_diff.append(abs(d["luck"] - m["luck"]))
                if i == 0:
                    opening_diff.append(abs(d["luck"] - m["luck"]))
                luck_sum[m["player"]][0] += d["luck"]
                luck_sum[m["player"]][1] += m["luck"]
            if d["forced"] or len(m["moves"]) < 2 or m["imove"] is None:
                continue
            unforced += 1
            scores = [x["score"] for x in m["moves"]]
            g_lost = max(scores) - scores[m["imove"]]
            a_lost = d["equity_lost"]
            acey_loss.append(a_lost)
            gnubg_loss.append(g_lost)
            acey_bad += a_lost >= BAD
            gnubg_bad += g_lost >= BAD
            shared += a_lost >= BAD and g_lost >= BAD
            player = m["player"]
            gnubg_best = after(d["position"], player, m["moves"][0]["move"])
            acey_best = reached(d["alternatives"][0]["position"])
            if gnubg_best == acey_best:
                equal += 1
                continue
            # gnubg's judgement of acey's best play, where gnubg ranked it.
            gap = None
            for x in m["moves"]:
                if after(d["position"], player, x["move"]) == acey_best:
                    gap = scores[0] - x["score"]
                    break
            if gap is not None and gap <= TIE:
                # gnubg values both the same: acey's best is one of gnubg's best plays.
                equal += 1
                continue
            gaps.append(gap)
            if gap is not None and gap > FAR:
                far.append((g, i + 1, d["best"], round(gap, 3)))
        for p in (0, 1):
            game_luck_diff.append(abs(luck_sum[p][0] - luck_sum[p][1]))
    mean = lambda xs: sum(xs) / len(xs) if xs else float("nan")  # noqa: E731
    return {
        "games": len(games),
        "unforced": unforced,
        "equal_best": equal / unforced if unforced else float("nan"),
        "loss_correlation": pearson(acey_loss, gnubg_loss),
        "acey_error_rate": mean(acey_loss),
        "gnubg_error_rate": mean(gnubg_loss),
        "acey_bad": acey_bad,
        "gnubg_bad": gnubg_bad,
        "shared_bad": shared,
        "luck_difference_per_roll": mean(luck_diff),
        "luck_difference_opening": mean(opening_diff),
        "luck_difference_per_game": mean(game_luck_diff),
        "gnubg_best_far_better": far,
        "different_best_by_gnubg_gap": {
            label: sum(1 for x in gaps if x is not None and lo <= x < hi)
            for label, lo, hi in GAPS
        }
        | {"not ranked by gnubg": sum(1 for x in gaps if x is None)},
    }


def report(f):
    pct = lambda x: f"{100 * x:.1f}%"  # noqa: E731
    print(f"{f['games']} games, {f['unforced']} decisions with a choice")
    print(f"equal best play        {pct(f['equal_best'])}")
    print(
        f"loss correlation       {f['loss_correlation']:.3f} "
        f"(mean loss acey {f['acey_error_rate']:.4f}, gnubg {f['gnubg_error_rate']:.4f})"
    )
    share = lambda a, b: f"{a}/{b}" + (f" ({pct(a / b)})" if b else "")  # noqa: E731
    print(f"acey's bad marks also gnubg's   {share(f['shared_bad'], f['acey_bad'])}")
    print(f"gnubg's bad marks also acey's   {share(f['shared_bad'], f['gnubg_bad'])}")
    print(
        f"luck difference        {f['luck_difference_per_roll']:.4f} a roll, "
        f"{f['luck_difference_opening']:.4f} the opening roll, "
        f"{f['luck_difference_per_game']:.3f} a player's game"
    )
    split = ", ".join(f"{n} {label}" for label, n in f["different_best_by_gnubg_gap"].items())
    print(f"different best plays, by what gnubg says acey's best loses: {split}")
    far = f["gnubg_best_far_better"]
    print(f"gnubg's best beats acey's by more than {FAR}: {len(far)}")
    for g, roll, play, by in far:
        print(f"  game {g} roll {roll}: acey's {play} loses {by}")


def self_test():
    """The comparison on made-up decisions (no gnubg, no acey): ties, bands and far misses."""
    start = {
        "board": [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
        "bar": [0, 0],
        "off": [0, 0],
    }
    plays = {
        "8/5 6/5": [[8, 5], [6, 5]],
        "24/21 8/7": [[24, 21], [8, 7]],
        "13/9": [[13, 10], [10, 9]],
    }

    def decision(acey_order, gnubg_scores, played):
        moves = [{"move": plays[k], "score": v} for k, v in gnubg_scores]
        imove = [k for k, _ in gnubg_scores].index(played)
        alts = []
        for k in acey_order:
            board, bar, off = after(start, 0, plays[k])
            alts.append({"position": {"board": list(board), "bar": list(bar), "off": list(off)}})
        m = {"player": 0, "dice": [3, 1], "luck": 0.1, "imove": imove, "moves": moves}
        d = {"kind": "play", "dice": [3, 1], "luck": 0.12, "forced": False, "position": start,
             "alternatives": alts, "equity_lost": 0.0 if played == acey_order[0] else 0.1,
             "best": acey_order[0]}
        return m, d

    cases = [
        # The same best play.
        decision(["8/5 6/5", "13/9"], [("8/5 6/5", 0.2), ("13/9", 0.1), ("24/21 8/7", 0)], "13/9"),
        # gnubg values acey's best exactly as its own: equal.
        decision(["13/9", "8/5 6/5"], [("8/5 6/5", 0.2), ("13/9", 0.2), ("24/21 8/7", 0)], "13/9"),
        # acey's best loses 0.01 by gnubg: a close call.
        decision(["13/9", "8/5 6/5"], [("8/5 6/5", 0.2), ("13/9", 0.19), ("24/21 8/7", 0)], "13/9"),
        # acey's best loses 0.7 by gnubg: far.
        decision(["24/21 8/7", "8/5 6/5"], [("8/5 6/5", 0.5), ("13/9", 0.4), ("24/21 8/7", -0.2)],
                 "8/5 6/5"),
    ]
    games = [([m for m, _ in cases], {"decisions": [d for _, d in cases]})]
    f = compare(games)
    assert f["unforced"] == 4, f
    assert f["equal_best"] == 0.5, f
    bands = f["different_best_by_gnubg_gap"]
    assert bands["0.005-0.02"] == 1 and bands["0.08 or more"] == 1, bands
    assert sum(bands.values()) == 2, bands
    assert len(f["gnubg_best_far_better"]) == 1 and f["gnubg_best_far_better"][0][3] == 0.7, f
    assert abs(f["luck_difference_per_roll"] - 0.02) < 1e-9, f
    print("gnubg_compare self-test: ok")


def main():
    if "--self-test" in sys.argv[1:]:
        self_test()
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=2, help="both analyses' depth (0 to 2)")
    ap.add_argument("--noise", type=float, default=0.08, help="the gnubg players' noise")
    ap.add_argument("--acey", default="target/release/acey", help="the acey binary")
    ap.add_argument("--gnubg", default=shutil.which("gnubg") or "/usr/games/gnubg")
    ap.add_argument("--net", help="judge with this network file (acey analyse --net)")
    ap.add_argument("--race-net", help="with --net, its race network (acey analyse --race-net)")
    ap.add_argument("--keep", help="a folder for the records and both analyses")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    if not os.path.exists(args.gnubg):
        raise SystemExit(f"GNU Backgammon not found at {args.gnubg} (apt-get install gnubg)")
    if not os.path.exists(args.acey):
        raise SystemExit(f"acey not found at {args.acey} (cargo build --release)")
    work = args.keep or tempfile.mkdtemp(prefix="gnubg-compare-")
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "gnubg-games.jsonl")
    env = dict(
        os.environ,
        COMPARE_WORKER="1",
        COMPARE_GAMES=str(args.games),
        COMPARE_SEED=str(args.seed),
        COMPARE_PLIES=str(args.plies),
        COMPARE_NOISE=str(args.noise),
        COMPARE_OUT=out,
    )
    print(f"gnubg plays and analyses {args.games} games ...", file=sys.stderr)
    run = subprocess.run(
        [args.gnubg, "-t", "-q", "-p", os.path.abspath(__file__)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if run.returncode != 0 or not os.path.exists(out):
        raise SystemExit(f"gnubg failed ({run.returncode}): {run.stderr[-2000:]}")
    nets = (["--net", args.net] if args.net else []) + (
        ["--race-net", args.race_net] if args.race_net else []
    )
    games = []
    with open(out) as f:
        for n, line in enumerate(f, 1):
            moves = json.loads(line)
            path = os.path.join(work, f"game-{n}.txt")
            with open(path, "w") as r:
                r.write(record(moves))
            print(f"acey analyses game {n} ...", file=sys.stderr)
            judged = subprocess.run(
                [args.acey, "analyse", "--json", "--ply", str(args.plies), path] + nets,
                capture_output=True,
                text=True,
            )
            if judged.returncode != 0:
                raise SystemExit(f"acey analyse {path} failed: {judged.stderr.strip()}")
            analysis = json.loads(judged.stdout)
            if args.keep:
                with open(os.path.join(work, f"game-{n}.json"), "w") as k:
                    json.dump(moves, k)
                with open(os.path.join(work, f"game-{n}.acey.json"), "w") as k:
                    k.write(judged.stdout)
            games.append((moves, analysis))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    figures = compare(games)
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures)


if __name__ == "__main__":
    if os.environ.get("COMPARE_WORKER") == "1":
        worker()
    else:
        main()
