#!/usr/bin/env python3
"""acey against tabula, the engine behind bgammon.org's bot, at acey-deucey with common dice.

    scripts/tabula_bridge/build.sh TABULA_SOURCE_DIR     # once: builds target/tabula-bridge
    python3 scripts/tabula_duel.py --games 200 --level advanced --seed 1

Plays GAMES games under RULES (default `bgammon`, what bgammon.org plays: checker-count scoring,
exact bear-off, a re-roll after any chosen double) between `acey engine` at LEVEL and tabula as
bgammon.org's bot uses it. Games come in pairs: pair k draws one dice sequence from SEED and k
(the streams of scripts/gnubg_duel.py) and plays it twice with the seats swapped, so the luck of
the dice cancels within the pair. Each game starts with a die-off (one die each until they differ;
the higher starts), then the starter rolls both dice (`opening_roll = reroll-both`).

tabula runs behind scripts/tabula_bridge (our shim over its Go API): `move` is the best of its
Analyze, the call bgammon.org's bot makes; after an acey-deucey 1-2 that earned the double, the
driver asks it to `choose` the double (ChooseDoubles) and then to `move` with four of it, as the
server does.

acey referees both sides: acey's plays come from its engine's `move`; each of tabula's turn
segments is checked with the engine's `apply` (docs/engine-protocol.md), which accepts it only if
the rules let that roll reach that position naming that double, and answers who rolls next. A
play acey's rules refuse is reported and stops the run. A finished game is scored by the engine's
exact `eval` of the final position (checker count: the winner scores the loser's checkers not
borne off, up to 15).

Every game is also written as the project's plain-text record and analysed by the engine at
0-ply for each roll's luck (docs/analysis.md); the game's points minus acey's luck plus tabula's
estimate the same expected points with the dice's luck taken off every roll, not only cancelled
between a pair's games as far as they run alike: a second, narrower estimate of the same figure.

Report (stdout): acey's points per game with a 95% interval over the pairs, the same
luck-adjusted, win %, time per decision of each side. Progress goes to stderr. Ctrl-C stops and
reports the games played (the interval over complete pairs only). Standard library only.
"""

import argparse
import json
import math
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnubg_duel import pair_dice, points_per_game  # noqa: E402 (shared with gnubg's duel)

TABULA_SPACES = 35
HOME_PLAYER, HOME_OPPONENT, BAR_PLAYER, BAR_OPPONENT = 0, 25, 26, 27
ENTERED_PLAYER, ENTERED_OPPONENT, VARIANT = 32, 33, 34
VARIANT_ACEY_DEUCEY = 1


class Illegal(Exception):
    pass


def to_tabula(pos):
    """acey position JSON -> tabula's board with the side to play as tabula's player 1.

    Both number the mover's points 24 down to 1 towards home; tabula keeps a side's checkers not
    yet entered and its checkers borne off in one space (they never coexist at acey-deucey: no
    bear-off before all 15 have entered) and says which with its `entered` flag."""
    me = pos["turn"]
    them = 1 - me
    sign = 1 if me == 0 else -1
    b = [0] * TABULA_SPACES
    for p in range(1, 25):
        # The mover's point p: index p - 1 in player 0's numbering, 24 - p in player 1's.
        b[p] = sign * pos["board"][p - 1 if me == 0 else 24 - p]
    b[HOME_PLAYER] = pos["start"][me] or pos["off"][me]
    b[HOME_OPPONENT] = -(pos["start"][them] or pos["off"][them])
    b[ENTERED_PLAYER] = 1 if pos["start"][me] == 0 else 0
    b[ENTERED_OPPONENT] = 1 if pos["start"][them] == 0 else 0
    b[BAR_PLAYER] = pos["bar"][me]
    b[BAR_OPPONENT] = -pos["bar"][them]
    b[VARIANT] = VARIANT_ACEY_DEUCEY
    return b


def from_tabula(b, me):
    """tabula's board (mover = its player 1) -> acey position JSON, `turn` = the mover."""
    them = 1 - me
    board = [0] * 24
    sign = 1 if me == 0 else -1
    for p in range(1, 25):
        board[p - 1 if me == 0 else 24 - p] = sign * b[p]
    start, off, bar = [0, 0], [0, 0], [0, 0]
    if b[ENTERED_PLAYER]:
        off[me] = b[HOME_PLAYER]
    else:
        start[me] = b[HOME_PLAYER]
    if b[ENTERED_OPPONENT]:
        off[them] = -b[HOME_OPPONENT]
    else:
        start[them] = -b[HOME_OPPONENT]
    bar[me] = b[BAR_PLAYER]
    bar[them] = -b[BAR_OPPONENT]
    return {"board": board, "bar": bar, "start": start, "off": off, "turn": me}


class Pipe:
    """A JSON-lines child process: one request, one answer."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1, start_new_session=True)

    def ask(self, req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("%s ended (exit %s)" % (self.name, self.proc.poll()))
        return json.loads(line)

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                os.killpg(self.proc.pid, signal.SIGKILL)


class GameRecord:
    """The game as the project's plain-text record (docs/notation.md, "Plain-text game records"),
    line by line as it is played, for the engine's `analyse`."""

    def __init__(self, rules):
        self.lines = ["# acey game record", "Rules: %s" % rules, "", "game 1"]

    def die_off(self, die0, die1):
        self.lines.append("die-off %d-%d" % (die0, die1))

    def play(self, mover, roll, notation):
        # The engine writes a 1-2's segment with its roll in front; the record line names the
        # roll itself, as rolled.
        notation = re.sub(r"^[12]-[12]: ", "", notation)
        self.lines.append("%d %d-%d: %s" % (mover, roll[0], roll[1], notation))

    def text(self):
        return "\n".join(self.lines) + "\n"


def luck_of(engine, record):
    """Each player's luck over the game, in points (the engine's `analyse` at 0-ply): each roll's
    0-ply value of its best play minus the mean of the same over the 21 rolls, from the roller's
    side (docs/analysis.md). A roll's luck averages exactly zero over the dice whatever the
    position, so a game's points minus the difference of the two players' luck estimate the same
    expected points as the points alone, with most of the dice's share of the variance taken
    out, as GNU Backgammon's luck-adjusted results do."""
    ans = engine.ask({"cmd": "analyse", "record": record.text(), "ply": 0, "level": "advanced"})
    if "error" in ans:
        raise RuntimeError("acey engine could not analyse the game: %s" % ans["error"])
    return [p["luck"] for p in ans["players"]]


def starting_position():
    return {"board": [0] * 24, "bar": [0, 0], "start": [15, 15], "off": [0, 0], "turn": 0}


class Duel:
    def __init__(self, opts, engine, bridge):
        self.opts = opts
        self.engine = engine
        self.bridge = bridge
        info = engine.ask({"cmd": "rules", "rules": opts["rules"]})
        if "error" in info:
            raise SystemExit("rules %r: %s" % (opts["rules"], info["error"]))
        self.options = info["options"]
        if self.options["acey_deucey"] != "true" or self.options["layout"] != "off-board":
            raise SystemExit("tabula plays acey-deucey: rules %r are not acey-deucey" % opts["rules"])
        self.acey_time = self.tabula_time = 0.0
        self.acey_decisions = self.tabula_decisions = 0
        self.luck_time = 0.0

    def earns_double(self, dice_used):
        if self.options["acey_double_gate"] == "both-dice-required":
            return dice_used == 2
        return dice_used >= 1

    def acey_turn(self, pos, dice):
        t = time.time()
        ans = self.engine.ask({"cmd": "move", "position": pos, "dice": list(dice),
                               "rules": self.opts["rules"], "level": self.opts["level"]})
        self.acey_time += time.time() - t
        self.acey_decisions += 1
        if "error" in ans:
            raise RuntimeError("acey engine: %s" % ans["error"])
        return ans["position"], ans["notation"]

    def tabula_turn(self, pos, dice):
        me = pos["turn"]
        t = time.time()
        board = to_tabula(pos)
        double = None
        acey = sorted(dice) == [1, 2]
        ans = self.bridge.ask({"cmd": "move", "board": board, "dice": list(dice)})
        if "error" in ans:
            raise RuntimeError("tabula: %s" % ans["error"])
        board = ans["board"]
        if acey and self.earns_double(len(ans["moves"])) and not finished(from_tabula(board, me)):
            chose = self.bridge.ask({"cmd": "choose", "board": board})
            if "error" in chose or not chose.get("double"):
                raise RuntimeError("tabula named no double: %s" % chose.get("error", chose))
            double = chose["double"]
            ans = self.bridge.ask({"cmd": "move", "board": board, "dice": [double, double]})
            if "error" in ans:
                raise RuntimeError("tabula: %s" % ans["error"])
            board = ans["board"]
        self.tabula_time += time.time() - t
        self.tabula_decisions += 1
        reach = from_tabula(board, me)
        req = {"cmd": "apply", "position": pos, "dice": list(dice), "rules": self.opts["rules"],
               "reach": reach}
        if double is not None:
            req["double"] = double
        checked = self.engine.ask(req)
        if "error" in checked:
            raise Illegal("tabula's play of %d-%d from %s (double %s) reaching %s: %s" % (
                dice[0], dice[1], json.dumps(pos), double, json.dumps(reach), checked["error"]))
        return checked["position"], checked["notation"]

    def game(self, k, acey_seat):
        """Plays pair k's dice with acey in `acey_seat`; returns acey's points."""
        dice = pair_dice(self.opts["seed"], k)
        a, b = dice.die(), dice.die()
        record = GameRecord(self.opts["rules"])
        record.die_off(a, b)
        while a == b:
            a, b = dice.die(), dice.die()
            record.die_off(a, b)
        pos = starting_position()
        pos["turn"] = 0 if a > b else 1
        turns = 0
        while not finished(pos):
            roll = dice.roll()
            mover = pos["turn"]
            if mover == acey_seat:
                pos, notation = self.acey_turn(pos, roll)
            else:
                pos, notation = self.tabula_turn(pos, roll)
            record.play(mover, roll, notation)
            turns += 1
            if turns > 5000:
                raise RuntimeError("game of pair %d did not end in 5000 turns" % k)
        # The finished position goes to the loser; its exact value is the loser's (negative).
        ans = self.engine.ask({"cmd": "eval", "position": pos, "rules": self.opts["rules"]})
        if "error" in ans:
            raise RuntimeError("acey engine: %s" % ans["error"])
        loser_points = ans["equity"]
        points = round(-loser_points if pos["turn"] != acey_seat else loser_points)
        luck = self.luck(record, acey_seat)
        return {"pair": k, "acey_seat": acey_seat, "points": points, "turns": turns,
                "luck": round(luck, 4), "adjusted": round(points - luck, 4)}

    def luck(self, record, acey_seat):
        """acey's luck minus tabula's over the game, in points (luck_of)."""
        t = time.time()
        luck = luck_of(self.engine, record)
        self.luck_time += time.time() - t
        return luck[acey_seat] - luck[1 - acey_seat]


def finished(pos):
    return 15 in pos["off"]


def self_test(acey):
    """Checks the board conversions without tabula: along games of acey's `beginner` against
    itself (noisy plays reach hits, bars, partly entered sides and bear-offs under `bgammon`),
    every position must survive to_tabula and back from either seat (the entered flags decide
    what tabula's home spaces hold), and tabula's board must hold 15 checkers a side. Exit
    status 0 when all do."""
    engine = Pipe([acey, "engine", "--seed", "3"], "acey engine")
    checked = records = 0
    saw_bar = saw_off = False
    try:
        for k in range(4):
            dice = pair_dice(99, k)
            pos = starting_position()
            record = GameRecord("bgammon")
            record.die_off(2, 1)
            while not finished(pos):
                b = to_tabula(pos)
                back = from_tabula(b, pos["turn"])
                if back != pos:
                    raise SystemExit("conversion lost something: %s -> %s -> %s" % (
                        json.dumps(pos), b, json.dumps(back)))
                mine = sum(v for v in b[1:25] if v > 0) + b[HOME_PLAYER] + b[BAR_PLAYER]
                theirs = -sum(v for v in b[1:25] if v < 0) - b[HOME_OPPONENT] - b[BAR_OPPONENT]
                if mine != 15 or theirs != 15:
                    raise SystemExit("tabula's board does not hold 15 a side: %s" % b)
                saw_bar = saw_bar or any(pos["bar"])
                saw_off = saw_off or any(pos["off"])
                checked += 1
                roll = dice.roll()
                ans = engine.ask({"cmd": "move", "position": pos, "dice": list(roll),
                                  "rules": "bgammon", "level": "beginner"})
                if "error" in ans:
                    raise SystemExit("acey engine: %s" % ans["error"])
                record.play(pos["turn"], roll, ans["notation"])
                pos = ans["position"]
            # The record the duel analyses for luck must replay to the same end.
            try:
                luck = luck_of(engine, record)
            except RuntimeError as e:
                raise SystemExit("the game's record did not analyse: %s" % e)
            if not all(math.isfinite(v) for v in luck):
                raise SystemExit("the game's luck is not a number: %s" % luck)
            records += 1
    finally:
        engine.close()
    if not saw_bar or not saw_off:
        raise SystemExit("the self-test games reached no bar or no bear-off: check them")
    print("self-test: %d positions converted to tabula's board and back unchanged; %d game "
          "records analysed for luck" % (checked, records))


def report(opts, games, wall, duel, stopped):
    lines = ["acey %s against tabula (bgammon.org's bot), rules %s, common dice, seed %d" % (
        opts["level"], opts["rules"], opts["seed"])]
    if stopped:
        lines.append("STOPPED: %s" % stopped)
    n = len(games)
    if not n:
        lines.append("no game finished")
        return "\n".join(lines)
    by_pair = {}
    for g in games:
        by_pair.setdefault(g["pair"], []).append(g)
    ppg = points_per_game(games, by_pair.values(), 2)
    wins = sum(1 for g in games if g["points"] > 0)
    lines.append("games: %d, wall time %.0f s" % (n, wall))
    lines.append("acey points per game: %s" % ppg)
    # The same expectation estimated with each game's luck taken off (Duel.luck): common dice
    # and seats swapped cancel the luck of a pair only while its two games run alike; this
    # takes it off every roll.
    adjusted_pairs = [[dict(g, points=g["adjusted"]) for g in v] for v in by_pair.values()]
    lines.append("acey points per game, luck-adjusted: %s" % points_per_game(
        [g for v in adjusted_pairs for g in v], adjusted_pairs, 2))
    lines.append("acey wins: %.1f%% (%d of %d)" % (100.0 * wins / n, wins, n))
    lines.append("time per decision: acey %.1f ms, tabula %.1f ms; luck %.2f s a game" % (
        1000 * duel.acey_time / max(duel.acey_decisions, 1),
        1000 * duel.tabula_time / max(duel.tabula_decisions, 1), duel.luck_time / n))
    if not stopped or not stopped.startswith("ILLEGAL"):
        lines.append("checks: every tabula play accepted by acey's rules (%d turn segments)" %
                     duel.tabula_decisions)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="acey against tabula at acey-deucey, common dice.")
    ap.add_argument("--games", type=int, default=200, help="games, rounded up to pairs (200)")
    ap.add_argument("--level", default="advanced", help="acey's level (advanced)")
    ap.add_argument("--seed", type=int, default=1, help="dice seed: pair k uses stream k (1)")
    ap.add_argument("--rules", default="bgammon", help="the rule string (bgammon)")
    ap.add_argument("--acey", default=None,
                    help="acey binary (default: target/release/acey of this repository)")
    ap.add_argument("--bridge", default=None,
                    help="tabula bridge (default: target/tabula-bridge, from "
                         "scripts/tabula_bridge/build.sh)")
    ap.add_argument("--net", default=None,
                    help="a network file for acey instead of the shipped one (acey engine --net)")
    ap.add_argument("--race-net", default=None,
                    help="with --net, its race network (acey engine --race-net)")
    ap.add_argument("--first-pair", type=int, default=0, help="first pair index (0)")
    ap.add_argument("--json", default=None, help="also write every game as JSON lines here")
    ap.add_argument("--self-test", action="store_true",
                    help="check the board conversions along acey's own games (needs no tabula)")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    acey = os.path.abspath(args.acey or os.path.join(root, "target", "release", "acey"))
    bridge = os.path.abspath(args.bridge or os.path.join(root, "target", "tabula-bridge"))
    if not os.path.exists(acey):
        sys.exit("no acey binary at %s (cargo build --release -p acey)" % acey)
    if args.self_test:
        self_test(acey)
        return
    if not os.path.exists(bridge):
        sys.exit("no tabula bridge at %s (scripts/tabula_bridge/build.sh TABULA_SOURCE_DIR)" %
                 bridge)
    argv = [acey, "engine", "--seed", str(args.seed)]
    if args.net:
        argv += ["--net", os.path.abspath(args.net)]
        if args.race_net:
            argv += ["--race-net", os.path.abspath(args.race_net)]
    opts = {"level": args.level, "seed": args.seed, "rules": args.rules}

    def interrupt(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)

    engine = Pipe(argv, "acey engine")
    tabula = Pipe([bridge], "tabula bridge")
    duel = Duel(opts, engine, tabula)
    pairs = (args.games + 1) // 2
    games = []
    jf = open(args.json, "w") if args.json else None
    stopped = None
    t0 = last = time.time()
    try:
        for k in range(args.first_pair, args.first_pair + pairs):
            for seat in (0, 1):
                g = duel.game(k, seat)
                games.append(g)
                if jf:
                    jf.write(json.dumps(g) + "\n")
                    jf.flush()
            now = time.time()
            if now - last >= 10 or k == args.first_pair + pairs - 1:
                last = now
                n = len(games)
                print("[%5.0fs] %d/%d games, acey %+.2f points per game, %.1f%% wins" % (
                    now - t0, n, 2 * pairs, sum(g["points"] for g in games) / n,
                    100.0 * sum(1 for g in games if g["points"] > 0) / n),
                    file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        stopped = "interrupted after %d games" % len(games)
    except Illegal as e:
        stopped = "ILLEGAL tabula play: %s" % e
    except RuntimeError as e:
        stopped = "error: %s" % e
    finally:
        engine.close()
        tabula.close()
        if jf:
            jf.close()
    print(report(opts, games, time.time() - t0, duel, stopped))
    print("command: %s" % " ".join([os.path.basename(sys.executable)] + sys.argv))
    sys.exit(1 if stopped and not stopped.startswith("interrupted") else 0)


if __name__ == "__main__":
    main()
