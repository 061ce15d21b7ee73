#!/usr/bin/env python3
"""acey against GNU Backgammon at backgammon: cubeless money games with common dice.

    python3 scripts/gnubg_duel.py --games 800 --level advanced --seed 1

Plays GAMES cubeless money games (gammons and backgammons count, no cube, no Jacoby rule) between
`acey engine` at LEVEL and GNU Backgammon (Debian's `gnubg` 1.07) choosing its plays at 0-ply,
cubeless, without noise. Games come in pairs: pair k draws one dice sequence from SEED and k and
plays it twice with the seats swapped, so the luck of the dice cancels within the pair.

Every play of both sides is made through gnubg's own game (`move ...`), and for acey's plays the
position gnubg reaches must be the one acey says its play reaches: an illegal or misread acey play
is reported and stops the run. Every acey play is also judged by gnubg: it ranks all legal plays
(`hint`, 0-ply cubeless by default, `--judge-plies` for deeper) and the play's equity loss is the
best play's equity minus the played one's. The error rate is reported as gnubg reports it: mean
loss per unforced play (more than one legal play) times 1000, in mEMG (cubeless money: equity
per game at cube 1), with gnubg's own rating word for it.

Report (stdout): acey's points per game with a 95% interval over the pairs, win %, gammon and
backgammon rates for both sides, the error rate, plays, timing. Progress goes to stderr. Ctrl-C
stops and reports the games played (the interval over complete pairs only).

How it works: this file runs twice. Run with python3 it is the driver: it starts `gnubg -t -q -p
THIS_FILE` (JOBS of them, each playing every JOBS-th pair), passes the options in the
environment, reads one JSON line per finished game on a pipe and adds them up. Run inside gnubg
(`import gnubg` works only there) it is the worker: it drives gnubg's game with `gnubg.command`,
asks `acey engine` (JSON lines, docs/engine-protocol.md) for acey's plays and `gnubg.hint` /
`gnubg.findbestmove` for gnubg's.

Positions: acey is given gnubg's Position ID of the position on roll (acey reads a 14-character
gnubg ID with its player 0 on roll, points numbered from the mover's side as gnubg does) and
answers the position after its play as JSON in that numbering; the worker turns it back into a
gnubg Position ID and compares. Standard library only.
"""

import argparse
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time

MASK = (1 << 64) - 1


class Dice:
    """acey's seeded dice (docs/notation.md, "Seeded dice"): SplitMix64, one die = output mod 6 + 1
    after rejecting the top 4 values."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def die(self):
        while True:
            x = self.next_u64()
            if x < 0xFFFFFFFFFFFFFFFC:
                return x % 6 + 1

    def roll(self):
        a = self.die()
        return a, self.die()


def pair_dice(seed, k):
    """The dice of pair k, derived as `acey duel` derives its pair streams."""
    return Dice(Dice((seed ^ (k * 0xA0761D6478BD642F)) & MASK).next_u64())


def points_per_game(games, by_pair, digits):
    """acey's points per game as text: the mean over complete pairs (each pair's two games, seats
    swapped on the same dice, averaged first) with its 95% interval, or the plain mean of the
    games when fewer than two pairs are complete. `by_pair` holds each pair's games."""
    means = [(v[0]["points"] + v[1]["points"]) / 2 for v in by_pair if len(v) == 2]
    f = "%+." + str(digits) + "f"
    if len(means) < 2:
        return (f + " (no interval: fewer than 2 complete pairs)") % (
            sum(g["points"] for g in games) / len(games))
    m, h = mean_ci(means)
    return (f + " (95%% CI " + f + " .. " + f + ", %d pairs)") % (m, m - h, m + h, len(means))


def mean_ci(xs):
    """The mean of `xs` and the half-width of its 95% interval (0 for fewer than two values)."""
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


RATINGS = ["Awful!", "Beginner", "Casual player", "Intermediate", "Advanced", "Expert",
           "World class", "Supernatural"]
# gnubg's thresholds of error per unforced move (gnubg.errorrating), used outside gnubg.
RATING_THRESHOLDS = [0.035, 0.026, 0.018, 0.012, 0.008, 0.005, 0.002]


def rating(err_per_move):
    r = 0
    for t in RATING_THRESHOLDS:
        if err_per_move <= t:
            r += 1
    return RATINGS[r]


# ---------------------------------------------------------------------------------------------
# The worker: runs inside gnubg.
# ---------------------------------------------------------------------------------------------

class Illegal(Exception):
    pass


def acey_to_gnubg_board(pos):
    """acey's position JSON (player 0 = the mover, who just played) -> gnubg board tuple as seen
    with the opponent on roll: (mover's 25 slots, opponent's 25 slots), each the owner's points
    1..24 then the bar."""
    mover = [0] * 25
    opp = [0] * 25
    for i, n in enumerate(pos["board"]):
        if n > 0:
            mover[i] = n
        elif n < 0:
            opp[23 - i] = -n
    mover[24] = pos["bar"][0]
    opp[24] = pos["bar"][1]
    if pos.get("start", [0, 0]) != [0, 0]:
        raise Illegal("acey's position has checkers in start: %r" % (pos,))
    return mover, opp


def steps_text(steps):
    def pt(x, off_ok):
        if x == "bar" or x == 25:
            return "bar"
        if x == "off" or (off_ok and isinstance(x, int) and x <= 0):
            return "off"
        return str(x)
    return " ".join("%s/%s" % (pt(s["from"], False), pt(s["to"], True)) for s in steps)


def tuple_text(move):
    steps = []
    for i in range(0, len(move), 2):
        f, t = move[i], move[i + 1]
        if f == 0 and t == 0:
            continue
        steps.append({"from": f, "to": t})
    return steps_text(steps)


def final_points(board, loser_on_roll):
    """Points of a finished game from gnubg's final board: 1, 2 (gammon) or 3 (backgammon)."""
    loser = board[1] if loser_on_roll else board[0]
    if sum(loser) < 15:
        return 1
    # Backgammon: a loser's checker on the bar or in the winner's home board (the loser's 19-24).
    if loser[24] > 0 or any(loser[i] > 0 for i in range(18, 24)):
        return 3
    return 2


def worker():
    import gnubg  # noqa: F401 (only inside gnubg)

    opts = json.loads(os.environ["GNUBG_DUEL_OPTS"])
    out = os.fdopen(int(os.environ["GNUBG_DUEL_FD"]), "w", buffering=1)

    def emit(obj):
        out.write(json.dumps(obj) + "\n")
        out.flush()

    for c in [
        "set display off",
        "set player 0 human",  # both seats are driven from here, gnubg never rolls or plays
        "set player 1 human",  # on its own
        "set cube use off",
        "set jacoby off",
        "set automatic roll off",
        "set automatic game off",
        "set automatic move off",
        "set automatic bearoff off",
        # the judge (`hint`): plies as asked, cubeless, no noise
        "set evaluation chequerplay evaluation plies %d" % opts["judge_plies"],
        "set evaluation chequerplay evaluation cubeful off",
        "set evaluation chequerplay evaluation noise 0",
        "set evaluation chequerplay evaluation deterministic on",
    ]:
        gnubg.command(c)
    # gnubg's player: 0-ply, cubeless, no noise (what `set player gnubg chequerplay evaluation
    # plies 0` gives a gnubg player; asked directly so that it never rolls its own dice).
    # evalcontext(cubeful, plies, deterministic, prune, noise)
    player_ec = gnubg.evalcontext(0, opts["gnubg_plies"], 1, 0, 0.0)

    engine = subprocess.Popen(
        [opts["acey"], "engine", "--seed", str(opts["seed"])]
        + (["--net", opts["net"]] if opts.get("net") else [])
        + (["--race-net", opts["race_net"]] if opts.get("race_net") else []),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def acey_move(pid, dice):
        req = {"cmd": "move", "position": pid, "dice": list(dice), "rules": opts["rules"],
               "level": opts["level"]}
        engine.stdin.write(json.dumps(req) + "\n")
        engine.stdin.flush()
        line = engine.stdout.readline()
        if not line:
            raise RuntimeError("acey engine closed its output")
        ans = json.loads(line)
        if "error" in ans:
            raise Illegal("acey engine error on %s %s: %s" % (pid, dice, ans["error"]))
        return ans

    def play_game(k, acey_seat):
        dice = pair_dice(opts["seed"], k)
        a, b = dice.roll()
        while a == b:
            a, b = dice.roll()
        # Opening: seat 0 throws a, seat 1 throws b; the higher plays both.
        gnubg.command("new session")
        gnubg.command("set turn %d" % (0 if a > b else 1))
        gnubg.command("set dice %d %d" % (a, b))
        rec = {"pair": k, "acey_seat": acey_seat, "acey_plays": 0, "acey_unforced": 0,
               "acey_loss": 0.0, "acey_time": 0.0, "gnubg_plays": 0, "gnubg_time": 0.0,
               "turns": 0, "judge_mismatch": 0}
        first = True
        while True:
            pi = gnubg.posinfo()
            if pi["gamestate"] != 1:
                break
            if not first:
                d = dice.roll()
                gnubg.command("set dice %d %d" % d)
                pi = gnubg.posinfo()
            first = False
            turn = pi["turn"]
            d = tuple(pi["dice"])
            board = gnubg.board()
            pid = gnubg.positionid()
            rec["turns"] += 1
            if rec["turns"] > 2000:
                raise RuntimeError("game of pair %d runs past 2000 turns" % k)
            if turn == acey_seat:
                hint = gnubg.hint(100000)["hint"]
                t0 = time.perf_counter()
                ans = acey_move(pid, d)
                rec["acey_time"] += time.perf_counter() - t0
                rec["acey_plays"] += 1
                mover, opp = acey_to_gnubg_board(ans["position"])
                text = steps_text(ans["steps"])
                gnubg.command("move " + text if text else "move")
                after = gnubg.posinfo()
                now = gnubg.board()
                moved = after["gamestate"] != 1 or after["turn"] != turn
                if after["gamestate"] == 1:
                    same = now == (tuple(mover), tuple(opp))
                else:  # the game ended on this play: gnubg may keep the mover on roll
                    same = now in ((tuple(mover), tuple(opp)), (tuple(opp), tuple(mover)))
                if not moved or not same:
                    raise Illegal(
                        "acey play refused or misread by gnubg: position %s, dice %d-%d, acey "
                        "played '%s' (%s) reaching %s; gnubg %s, now at %s" % (
                            pid, d[0], d[1], ans.get("notation"), text,
                            gnubg.positionid((mover, opp)),
                            "took it" if moved else "refused it", gnubg.positionid()))
                if len(hint) > 1:
                    rec["acey_unforced"] += 1
                    best = hint[0]["equity"]
                    # The played play's equity: its row of the hint (the same ranking gnubg's
                    # analysis shows), found by the position it reaches.
                    played = judge_played(gnubg, hint, board, (mover, opp), opts)
                    if played is None:
                        rec["judge_mismatch"] += 1
                        played = best
                    rec["acey_loss"] += max(0.0, best - played)
            else:
                t0 = time.perf_counter()
                mv = gnubg.findbestmove(board, gnubg.cubeinfo(), player_ec)
                text = tuple_text(mv) if mv else ""
                gnubg.command("move " + text if text else "move")
                rec["gnubg_time"] += time.perf_counter() - t0
                rec["gnubg_plays"] += 1
                after = gnubg.posinfo()
                if after["gamestate"] == 1 and after["turn"] == turn:
                    raise RuntimeError("gnubg refused its own play '%s' at %s dice %s"
                                       % (text, pid, d))
        pi = gnubg.posinfo()
        board = gnubg.board()
        # The side with checkers left lost.
        s0, s1 = sum(board[0]), sum(board[1])
        if (s0 == 0) == (s1 == 0):
            raise RuntimeError("game over but board %r" % (board,))
        # board[1] is the side on roll (pi['turn']).
        loser_on_roll = s1 > 0
        winner = (1 - pi["turn"]) if loser_on_roll else pi["turn"]
        pts = final_points(board, loser_on_roll)
        info = gnubg.match(0, 0, 0, 0)["games"][-1]["info"]
        gw = {"X": 0, "O": 1}.get(info.get("winner"))
        if gw != winner or info.get("points-won") != pts:
            rec["gnubg_result_mismatch"] = {"gnubg": info, "ours": [winner, pts]}
        rec["winner_seat"] = winner
        rec["points"] = pts if winner == acey_seat else -pts
        return rec

    try:
        for k in opts["pairs"]:
            for acey_seat in (0, 1):
                rec = play_game(k, acey_seat)
                emit({"game": rec})
    except Illegal as e:
        emit({"illegal": str(e)})
    except Exception as e:  # noqa: BLE001 (reported to the driver)
        import traceback
        emit({"error": "%s\n%s" % (e, traceback.format_exc())})
    finally:
        try:
            engine.stdin.write('{"cmd":"quit"}\n')
            engine.stdin.close()
            engine.wait(timeout=5)
        except Exception:  # noqa: BLE001
            engine.kill()
        emit({"done": True})
        out.close()


def judge_played(gnubg, hint, board_before, board_after, opts):
    """The equity gnubg's judge gives the play reaching board_after (gnubg board seen with the
    opponent on roll): the hint row whose play reaches it."""
    key = gnubg.positionid(board_after)
    for row in hint:
        if apply_text(board_before, row["move"]) == key:
            return row["equity"]
    return None


def apply_text(board, text):
    """gnubg's Position ID of `board` (on-roll side's view) after the play written by gnubg as
    `text` (e.g. '24/18*/13 6/5(2)', 'bar/22', '6/off'), seen with the opponent on roll."""
    import gnubg
    opp = list(board[0])
    me = list(board[1])
    for part in text.split():
        count = 1
        if part.endswith(")") and "(" in part:
            part, c = part[:-1].split("(")
            count = int(c)
        pts = part.split("/")
        for _ in range(count):
            for i in range(len(pts) - 1):
                f = pts[i].rstrip("*")
                t = pts[i + 1]
                t = t.rstrip("*")
                fi = 24 if f == "bar" else int(f) - 1
                me[fi] -= 1
                if t != "off":
                    ti = int(t) - 1
                    me[ti] += 1
                    o = 23 - ti  # the same point in the opponent's numbering
                    if opp[o] == 1:  # a blot is hit whether or not the text marks it
                        opp[o] = 0
                        opp[24] += 1
    return gnubg.positionid((me, opp))


# ---------------------------------------------------------------------------------------------
# The driver: plain python3.
# ---------------------------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.games = []
        self.by_pair = {}

    def add(self, g):
        self.games.append(g)
        self.by_pair.setdefault(g["pair"], []).append(g)

    def report(self, opts, wall, stopped=None):
        games = self.games
        n = len(games)
        lines = []
        lines.append("acey %s against gnubg %d-ply (cubeless money, common dice), rules %s, "
                     "seed %d" % (opts["level"], opts["gnubg_plies"], opts["rules"], opts["seed"]))
        if stopped:
            lines.append("STOPPED: %s" % stopped)
        if n == 0:
            lines.append("no game finished")
            return "\n".join(lines)
        ppg = points_per_game(games, self.by_pair.values(), 3)
        wins = sum(1 for g in games if g["points"] > 0)

        def rate(pred):
            return 100.0 * sum(1 for g in games if pred(g)) / n
        plays = sum(g["acey_plays"] for g in games)
        unforced = sum(g["acey_unforced"] for g in games)
        loss = sum(g["acey_loss"] for g in games)
        err = loss / unforced if unforced else 0.0
        at = sum(g["acey_time"] for g in games)
        gt = sum(g["gnubg_time"] for g in games)
        gp = sum(g["gnubg_plays"] for g in games)
        mism = sum(g["judge_mismatch"] for g in games)
        resm = sum(1 for g in games if "gnubg_result_mismatch" in g)
        complete = sum(1 for v in self.by_pair.values() if len(v) == 2)
        lines.append("games: %d (%d complete pairs), wall time %.0f s" % (n, complete, wall))
        lines.append("acey points per game: %s" % ppg)
        lines.append("acey wins: %.1f%% (%d of %d)" % (100.0 * wins / n, wins, n))
        lines.append("acey wins a gammon %.1f%%, a backgammon %.1f%%; loses a gammon %.1f%%, "
                     "a backgammon %.1f%% (of all games)" % (
                         rate(lambda g: g["points"] == 2), rate(lambda g: g["points"] == 3),
                         rate(lambda g: g["points"] == -2), rate(lambda g: g["points"] == -3)))
        lines.append("acey error rate (gnubg %d-ply cubeless judge): %.1f mEMG per unforced play "
                     "(%s), %d plays, %d unforced, total loss %.2f" % (
                         opts["judge_plies"], 1000 * err, rating(err), plays, unforced, loss))
        lines.append("time per play: acey %.2f ms, gnubg %.2f ms" % (
            1000 * at / max(plays, 1), 1000 * gt / max(gp, 1)))
        if mism or resm:
            lines.append("CHECKS: %d acey plays not found among gnubg's hint rows, %d results "
                         "where gnubg's score differs from the board's" % (mism, resm))
        else:
            lines.append("checks: every acey play legal and found among gnubg's ranked plays; "
                         "every result agrees with gnubg's")
        return "\n".join(lines)

    def summary(self, opts):
        n = len(self.games)
        if not n:
            return {}
        unforced = sum(g["acey_unforced"] for g in self.games)
        loss = sum(g["acey_loss"] for g in self.games)
        return {"games": n, "points_per_game": sum(g["points"] for g in self.games) / n,
                "win_rate": sum(1 for g in self.games if g["points"] > 0) / n,
                "memg": 1000 * loss / unforced if unforced else 0.0, "unforced": unforced}


def main():
    ap = argparse.ArgumentParser(
        description="acey against GNU Backgammon 0-ply: cubeless money games, common dice.")
    ap.add_argument("--games", type=int, default=800, help="games, rounded up to pairs (800)")
    ap.add_argument("--level", default="advanced", help="acey's level (advanced)")
    ap.add_argument("--seed", type=int, default=1, help="dice seed: pair k uses stream k (1)")
    ap.add_argument("--acey", default=None,
                    help="acey binary (default: target/release/acey of this repository)")
    ap.add_argument("--net", default=None,
                    help="a network file for acey instead of the shipped one (acey engine --net)")
    ap.add_argument("--race-net", default=None,
                    help="with --net, its race network (acey engine --race-net)")
    ap.add_argument("--rules", default="backgammon", help="acey's rule string (backgammon)")
    ap.add_argument("--gnubg", default=None, help="gnubg binary (default: gnubg on PATH or "
                    "/usr/games/gnubg)")
    ap.add_argument("--gnubg-plies", type=int, default=0, help="gnubg player's plies (0)")
    ap.add_argument("--judge-plies", type=int, default=0,
                    help="plies of gnubg's judgement of acey's plays (0)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="gnubg worker processes, each playing every JOBS-th pair (1)")
    ap.add_argument("--first-pair", type=int, default=0, help="first pair index (0)")
    ap.add_argument("--json", default=None, help="also write every game as JSON lines here")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    acey = os.path.abspath(args.acey or os.path.join(root, "target", "release", "acey"))
    gnubg = args.gnubg
    if gnubg is None:
        from shutil import which
        gnubg = which("gnubg") or "/usr/games/gnubg"
    if not os.path.exists(acey):
        sys.exit("no acey binary at %s (cargo build --release -p acey)" % acey)
    if not os.path.exists(gnubg):
        sys.exit("no gnubg at %s (apt-get install gnubg)" % gnubg)
    if args.rules.split(",")[0] != "backgammon":
        print("warning: gnubg plays standard backgammon; rules %r may differ" % args.rules,
              file=sys.stderr)

    pairs = (args.games + 1) // 2
    all_pairs = list(range(args.first_pair, args.first_pair + pairs))
    opts = {"level": args.level, "seed": args.seed, "rules": args.rules, "acey": acey,
            "gnubg_plies": args.gnubg_plies, "judge_plies": args.judge_plies,
            "net": args.net and os.path.abspath(args.net),
            "race_net": args.race_net and os.path.abspath(args.race_net)}
    jobs = max(1, min(args.jobs, pairs))
    me = os.path.abspath(__file__)
    workers = []
    for j in range(jobs):
        r, w = os.pipe()
        env = dict(os.environ)
        env["GNUBG_DUEL_OPTS"] = json.dumps(dict(opts, pairs=all_pairs[j::jobs]))
        env["GNUBG_DUEL_FD"] = str(w)
        log = tempfile.TemporaryFile(mode="w+")
        p = subprocess.Popen([gnubg, "-t", "-q", "-p", me], env=env, pass_fds=(w,),
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log,
                             start_new_session=True)
        os.close(w)
        workers.append({"proc": p, "rfd": r, "buf": b"", "log": log, "done": False})

    def interrupt(signum, frame):
        raise KeyboardInterrupt
    # Ctrl-C (and a plain kill) stop the games and report what was played, even where the shell
    # started this in the background with SIGINT ignored.
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    tally = Tally()
    jf = open(args.json, "w") if args.json else None
    t0 = time.time()
    last = 0.0
    stopped = None
    total = 2 * pairs
    import selectors
    sel = selectors.DefaultSelector()
    for wk in workers:
        sel.register(wk["rfd"], selectors.EVENT_READ, wk)
    try:
        while any(not wk["done"] for wk in workers) and stopped is None:
            for key, _ in sel.select(timeout=5):
                wk = key.data
                chunk = os.read(wk["rfd"], 65536)
                if not chunk:
                    sel.unregister(wk["rfd"])
                    if not wk["done"]:
                        wk["log"].seek(0)
                        stopped = "a gnubg worker ended early (exit %s): %s" % (
                            wk["proc"].poll(), wk["log"].read()[-2000:])
                    wk["done"] = True
                    continue
                wk["buf"] += chunk
                while b"\n" in wk["buf"]:
                    line, wk["buf"] = wk["buf"].split(b"\n", 1)
                    msg = json.loads(line)
                    if "game" in msg:
                        tally.add(msg["game"])
                        if jf:
                            jf.write(json.dumps(msg["game"]) + "\n")
                            jf.flush()
                    elif "illegal" in msg:
                        stopped = "ILLEGAL acey play: " + msg["illegal"]
                    elif "error" in msg:
                        stopped = "worker error: " + msg["error"]
                    elif "done" in msg:
                        wk["done"] = True
            now = time.time()
            if now - last >= 10 or len(tally.games) == total:
                last = now
                s = tally.summary(opts)
                if s:
                    print("[%5.0fs] %d/%d games, acey %+.3f points per game, %.1f%% wins, "
                          "%.1f mEMG, %.2f games/s" % (
                              now - t0, s["games"], total, s["points_per_game"],
                              100 * s["win_rate"], s["memg"], s["games"] / (now - t0)),
                          file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        stopped = "interrupted after %d games" % len(tally.games)
    finally:
        for wk in workers:
            if wk["proc"].poll() is None:
                try:
                    os.killpg(wk["proc"].pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for wk in workers:
            try:
                wk["proc"].wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(wk["proc"].pid, signal.SIGKILL)
        if jf:
            jf.close()
    wall = time.time() - t0
    print(tally.report(opts, wall, stopped))
    print("command: %s" % " ".join([os.path.basename(sys.executable)] + sys.argv))
    sys.exit(1 if stopped and not stopped.startswith("interrupted") else 0)


try:
    import gnubg as _gnubg  # noqa: F401 (present only inside gnubg)
    INSIDE_GNUBG = True
except ImportError:
    INSIDE_GNUBG = False

if INSIDE_GNUBG:
    if "GNUBG_DUEL_OPTS" in os.environ:
        worker()
elif __name__ == "__main__":
    main()
