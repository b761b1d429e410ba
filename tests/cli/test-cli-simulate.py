#!/usr/bin/python3
"""tilewright-cli end to end: simulate, merge, sweeps and tune, their
output and exit codes.

Usage: test-cli-simulate.py PATH/TO/tilewright-cli   (TAP on stdout)
"""
import glob
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_common import (CLI, DATADIR, DEF, TMP, EXIT_OK, EXIT_USAGE,  # noqa: E402
                        EXIT_INVALID_FILE, EXIT_ILLEGAL_MOVE, EXIT_IO, EXIT_INTERRUPTED,
                        MOVE_LINE, POSITION, test, run, check, expect, write, read, play,
                        moves_of, scores_of, run_tests)

HERE = os.path.dirname(os.path.abspath(__file__))


def simulate(*extra):
    return run("simulate", DEF, "--players", "2", "--seed", "5", *extra)


@test
def simulate_text():
    code, out, err = simulate("--games", "30", "--bots", "random,greedy", "--jobs", "2")
    expect(code, (out, err), EXIT_OK)
    for key in ("30 of 30 games", "Wilson", "P1 random", "P2 greedy", "ties for first",
                "P1 score", "moves per game", "median", "counters:"):
        check(key in out, f"summary lacks {key}", out)
    check(err == "", "progress or noise on stderr when piped", err)
    # the verdict comes first and names the seat that wins more, with its bot
    lines = [line for line in out.splitlines() if line.strip()]
    check(lines[1].startswith("verdict: P2 (greedy) wins ")
          and "more often than the fair share of 50.0%" in lines[1], "seat verdict", lines[:3])
    code2, out2, _ = simulate("--games", "30", "--bots", "random", "--jobs", "2",
                              "--negligible", "100")
    expect(code2, (out2,), EXIT_OK)
    check("verdict: " in out2 and "so negligible" not in out2
          and ("negligible size" in out2 or "no seat wins" in out2), "seat verdict threshold",
          out2[:400])
    check("verdict: P1 (" not in out2 and "verdict: P2 (" not in out2,
          "a bot named when every seat has the same", out2[:400])
    code1, out1, _ = simulate("--games", "30", "--bots", "random,greedy", "--jobs", "1")
    expect(code1, (out1,), EXIT_OK)
    check(out1 == out, "--jobs changes the results", out, out1)


@test
def simulate_json_and_per_game():
    per_game = os.path.join(TMP, "games.csv")
    code, out, err = simulate("--games", "25", "--format", "json", "--per-game", per_game)
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    check(doc["format"] == "tilewright-simulation", "format", out[:200])
    arm = doc["arms"][0]
    # a run keeps no per-game records: its JSON holds their exact sums
    check(arm["players"] == 2 and arm["games_played"] == 25 and "games" not in arm
          and arm["accumulator"]["ranges"] == [[0, 25]], "games", out[:400])
    check(all(sum(c for _, c in h["values"]) == 25 for h in arm["accumulator"]["histograms"]),
          "histograms count the games", arm["accumulator"]["histograms"][:3])
    wins = [r for r in arm["summary"] if r["metric"] == "win"]
    check(len(wins) == 2 and abs(sum(r["mean"] for r in wins) - 1) < 1e-9,
          "win rates do not sum to 1", wins)
    check(all(r["lo"] <= r["mean"] <= r["hi"] for r in wins), "Wilson interval", wins)
    rows = read(per_game).strip().split("\n")
    header = rows[0].split(",")
    check(header[:5] == ["game", "seed", "moves", "score_p1", "score_p2"], "per-game header",
          rows[0])
    check(len(rows) == 26, "per-game rows", len(rows))
    # a simulated game is replayed by `play --seed GAME_SEED`
    first = dict(zip(header, rows[1].split(",")))
    (code, pout, perr), _ = play("--seed", first["seed"])
    expect(code, (pout, perr), EXIT_OK)
    check(scores_of(pout) == [float(first["score_p1"]), float(first["score_p2"])],
          "play --seed does not replay game 0", pout, rows[1])
    check(len(moves_of(pout)) == int(first["moves"]), "move count", pout, rows[1])

    code, csv, err = simulate("--games", "10", "--format", "csv")
    expect(code, (csv, err), EXIT_OK)
    check(csv.startswith("arm,metric,seat,n,mean,sd,min,q25,median,q75,max,lo,hi"), "csv", csv)


@test
def simulate_shards_merge():
    parts = []
    for k in (1, 2, 3):
        path = os.path.join(TMP, f"shard{k}.json")
        code, out, err = simulate("--games", "31", "--format", "json", "--shard", f"{k}/3",
                                  "--jobs", str(k % 2 + 1))
        expect(code, (out, err), EXIT_OK)
        with open(path, "w", encoding="utf-8") as f:
            f.write(out)
        parts.append(path)
    code, full, err = simulate("--games", "31")
    expect(code, (full, err), EXIT_OK)
    code, merged, err = run("merge", parts[2], parts[0], parts[1])
    expect(code, (merged, err), EXIT_OK)
    check(merged == full, "merged shards differ from the full run", full, merged)
    code, fulljson, err = simulate("--games", "31", "--format", "json")
    code, mergedjson, err = run("merge", *parts, "--format", "json")
    expect(code, (mergedjson, err), EXIT_OK)
    a, b = json.loads(fulljson), json.loads(mergedjson)
    check(a == b, "merged JSON differs from the full run")

    code, out, err = run("merge", parts[0])
    expect(code, (out, err), EXIT_OK)
    check("warning" in err and "of 31 games" in err, "missing shards are not reported", err)
    # streamed results have no games to list
    code, out, err = run("merge", *parts, "--per-game", os.path.join(TMP, "merged.csv"))
    expect(code, (out, err), EXIT_USAGE)
    check("--per-game: these results hold no games" in err, "per-game of streamed results", err)
    code, out, err = run("merge", parts[0], parts[0])
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("two of the results" in err, "overlap message", err)
    code, other, _ = simulate("--games", "31", "--format", "json", "--shard", "2/3", "--seed", "6")
    path = write("other.json", other)
    code, out, err = run("merge", parts[0], path)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("seed" in err, "mismatch message", err)
    code, out, err = run("merge", write("junk.json", "{not json"))
    expect(code, (out, err), EXIT_INVALID_FILE)
    code, out, err = run("merge", os.path.join(TMP, "missing.json"))
    expect(code, (out, err), EXIT_IO)


@test
def simulate_impact():
    code, out, err = simulate("--games", "60", "--bots", "greedy", "--impact")
    expect(code, (out, err), EXIT_OK)
    check("components, outliers first" in out, "no component table", out)
    rows = [line.split() for line in out.split("\n") if line.startswith("  card:")
            or line.startswith("  tile:")]
    check(len(rows) >= 10, "too few component rows", out)
    # shares of games in play are percentages up to 100
    check(all(0 < float(r[1].rstrip("%")) <= 100 for r in rows), "in-play shares", out)
    plain_code, plain, _ = simulate("--games", "60", "--bots", "greedy")
    expect(plain_code, (plain,), EXIT_OK)
    check(out.startswith(plain.rstrip("\n")), "--impact changes the rest of the summary", plain, out)
    # shards with their figures merge into the whole run's
    parts = []
    for k in (1, 2):
        code, part, err = simulate("--games", "60", "--bots", "greedy", "--impact", "--format",
                                   "json", "--shard", f"{k}/2")
        expect(code, (part, err), EXIT_OK)
        parts.append(write(f"impact{k}.json", part))
        check("\"impact\": [" in part, "no impact in the JSON", part[:300])
    code, merged, err = run("merge", *parts)
    expect(code, (merged, err), EXIT_OK)
    check(merged == out, "merged shards' components differ from the whole run", out, merged)
    # a sweep's cells measure theirs: each cell's JSON is the plain run's
    # with --set, and the text names each cell's outliers
    code, out, err = simulate("--games", "40", "--bots", "greedy", "--impact", "--sweep",
                              "goals=true,false", "--format", "json")
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    for cell in doc["cells"]:
        value = "true" if cell["values"]["goals"] else "false"
        pcode, plain, _ = simulate("--games", "40", "--bots", "greedy", "--impact", "--set",
                                   f"goals={value}", "--format", "json")
        expect(pcode, (plain,), EXIT_OK)
        check(cell["summary"]["arms"][0]["impact"] == json.loads(plain)["arms"][0]["impact"],
              f"the cell goals={value}'s components are the plain run's")
    code, out, err = simulate("--games", "40", "--bots", "greedy", "--impact", "--sweep",
                              "goals=true,false")
    expect(code, (out, err), EXIT_OK)
    section = out.split("components per cell")[-1]
    check("components per cell" in out and "\n  true " in section and "\n  false " in section,
          "a line of outliers per cell", out)
    check("card:" in section.split("\n  true ")[1].split("\n")[0],
          "goal cards among the outliers when goals are on", section)


@test
def merge_refuses_forged_shards():
    # shards 1 and 2 of a 6-game run; each case forges shard 2 one way
    shards = []
    for k in (1, 2):
        code, out, err = simulate("--games", "6", "--format", "json", "--shard", f"{k}/2")
        expect(code, (out, err), EXIT_OK)
        shards.append(out)
    first = write("forge1.json", shards[0])
    code, out, err = run("merge", first, write("forge2.json", shards[1]))
    expect(code, (out, err), EXIT_OK)

    def arm_of(doc):
        return doc["arms"][0]

    def set_arm(key, value):
        def forge(doc):
            arm_of(doc)[key] = value
        return forge

    def set_game(key, value, index=0):
        def forge(doc):
            arm_of(doc)["games"][index][key] = value
        return forge

    def set_acc(change):
        def forge(doc):
            change(arm_of(doc)["accumulator"])
        return forge

    def set_values(metric, values):
        def change(acc):
            acc["histograms"][metric]["values"] = values
        return change

    def set_key(key, value):
        def change(acc):
            acc[key] = value
        return change

    other_sha = "0" * 64
    cases = [
        ("another definition of the same name", set_arm("definition_sha256", other_sha),
         "the definition"),
        ("other options", set_arm("options", ["rotation=false"]), "the options"),
        ("other bots", set_arm("bots", ["greedy", "random"]), "the bots"),
        ("another seed", set_arm("seed", "2"), "seed"),
        ("another game total", set_arm("games_total", 7), "total number of games"),
        ("games outside the run", set_acc(set_key("ranges", [[3, 1000000]])),
         "“ranges” are not disjoint game indexes of the run"),
        ("overlapping ranges", set_acc(set_key("ranges", [[3, 5], [4, 6]])),
         "“ranges” are not disjoint game indexes of the run"),
        ("a histogram that counts other games", set_acc(set_values(0, [[0, 2], [1, 2]])),
         "histogram 1 does not count the games of the ranges"),
        ("a count of 0", set_acc(set_values(2, [[0, 3], [5, 0]])), "histogram 3 does not"),
        ("a histogram missing", set_acc(lambda acc: acc["histograms"].pop()),
         "“histograms” is missing or has the wrong length"),
        ("no accumulator", lambda doc: arm_of(doc).pop("accumulator"), "“games” is missing"),
        ("a label in a single run", set_arm("label", "A"), "“label” must be"),
        ("a games total of 0", set_arm("games_total", 0), "games_total"),
    ]
    for what, forge, message in cases:
        doc = json.loads(shards[1])
        forge(doc)
        forged = write("forged.json", json.dumps(doc))
        code, out, err = run("merge", first, forged)
        check(code == EXIT_INVALID_FILE and message in err, f"{what}: exit {code}", err, out)
    # results of an older version hold their games: they still merge with a
    # run that kept none, to the same figures as one run of them all
    old_shard = os.path.join(HERE, "data", "colorblock-games-shard-2-of-2.json")
    code, whole, err = simulate("--games", "6")
    expect(code, (whole, err), EXIT_OK)
    code, out, err = run("merge", first, old_shard)
    expect(code, (out, err), EXIT_OK)
    check(out == whole, "a shard with games and one without differ from the whole run",
          whole, out)
    # and their games are checked as they always were
    old_text = read(old_shard)
    for what, forge, message in (
            ("a game index outside the run", set_game("game", 1000000),
             "game 1000000 is not one of the 6 games"),
            ("a seed that is not the index's", set_game("seed", "12345"), "its seed is not"),
            ("a rank beyond the players", set_game("ranks", [0, 2]), "a rank is not"),
            ("a negative rank", set_game("ranks", [0, -1]), "a rank is not")):
        doc = json.loads(old_text)
        forge(doc)
        forged = write("forged.json", json.dumps(doc))
        code, out, err = run("merge", first, forged)
        check(code == EXIT_INVALID_FILE and message in err, f"{what}: exit {code}", err, out)
    # what json.dumps cannot write: an infinite value, a name that is not UTF-8
    for what, text, old, new, message in (
            ("an infinite score", old_text, b'"scores": [', b'"scores": [1e999',
             "not a finite number"),
            ("an infinite value", shards[1], b'"values": [[', b'"values": [[1e999, 1], [',
             "histogram 1 does not count"),
            ("invalid UTF-8", shards[1], b'"definition": "', b'"definition": "\xff', "not UTF-8")):
        forged = os.path.join(TMP, "forged.json")
        with open(forged, "wb") as f:
            f.write(text.encode().replace(old, new, 1))
        code, out, err = run("merge", first, forged)
        check(code == EXIT_INVALID_FILE and message in err, f"{what}: exit {code}", err, out)
    # two real definitions that share their name
    renamed = write("same-name.yaml", read(DEF) + "\n# another definition, the same name\n")
    code, out, err = run("simulate", renamed, "--players", "2", "--games", "6", "--format", "json",
                         "--shard", "2/2")
    expect(code, (out, err), EXIT_OK)
    code, out, err = run("merge", first, write("same-name.json", out))
    check(code == EXIT_INVALID_FILE and "the definition" in err, "same name merged", err, out)
    # control characters in a name are printed escaped
    doc = json.loads(shards[0])
    arm_of(doc)["definition"] = "Colorblock\x1b[2J\nfake line"
    code, out, err = run("merge", write("escape.json", json.dumps(doc)))
    expect(code, (out, err), EXIT_OK)
    check("Colorblock\\x1B[2J\\x0Afake line" in out and "\x1b" not in out, "not escaped", out)


@test
def simulate_compare():
    code, out, err = simulate("--games", "20", "--bots", "greedy,random",
                              "--compare", "goals=false")
    expect(code, (out, err), EXIT_OK)
    check("[A]" in out and "[B]" in out and "B - A (B: set goals=false)" in out, "arms", out)
    check("paired" in out, "the comparison is not paired", out)
    # the verdict on who wins comes first; every row has its Holm-adjusted p
    verdict = [line for line in out.splitlines() if line.startswith("verdict: ")]
    check(verdict and out.index(verdict[0]) < out.index("B - A (B:"), "no verdict first", out)
    check(verdict[0].endswith(("a real difference", "so negligible"))
          or "no difference in who wins" in verdict[0], "verdict words", verdict)
    rows = [line for line in out.splitlines() if line.startswith("  P1 win rate")]
    check(rows and 0 <= float(rows[0].split()[-1]) <= 1, "p (Holm) column", rows)
    # ties for first quadruple without goals: a large threshold makes them negligible
    code, out, err = simulate("--games", "200", "--bots", "greedy",
                              "--compare", "goals=false", "--negligible", "50")
    expect(code, (out, err), EXIT_OK)
    check("verdict: ties" not in out, "ties under the threshold named", out)
    code, out, err = simulate("--games", "20", "--bots", "greedy,random",
                              "--compare", "goals=false", "--format", "json")
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    check(len(doc["arms"]) == 2, "two arms", out[:300])
    goals = [d for d in doc["comparison"] if d.get("counter") == "goals-claimed"]
    check(goals and goals[0]["b"] == 0 and goals[0]["paired"], "goals counter", goals)
    check(all((d["lo"] > 0 or d["hi"] < 0) == d["significant"] for d in doc["comparison"]),
          "significance marks", doc["comparison"])
    # the same seeds against the same file: no difference at all
    code, out, err = simulate("--games", "10", "--compare-file", DEF, "--format", "json")
    expect(code, (out, err), EXIT_OK)
    check(all(d["diff"] == 0 and not d["significant"] for d in json.loads(out)["comparison"]),
          "a file against itself differs", out)
    # shards of a comparison merge too
    a = write("cmp1.json", simulate("--games", "12", "--compare", "goals=false", "--format",
                                    "json", "--shard", "1/2")[1])
    b = write("cmp2.json", simulate("--games", "12", "--compare", "goals=false", "--format",
                                    "json", "--shard", "2/2")[1])
    code, merged, err = run("merge", a, b)
    expect(code, (merged, err), EXIT_OK)
    code, full, err = simulate("--games", "12", "--compare", "goals=false")
    check(merged == full, "merged comparison differs", merged, full)


INTERRUPTED_BOT = "mcts:iterations=10"


def interrupted_run(*extra, games=100000, wait_for_game=True):
    """Starts a simulate that no machine finishes in minutes (games of tens
    of milliseconds), sends SIGINT and returns (exit code, stdout, stderr,
    seconds from SIGINT to exit).

    With wait_for_game, the SIGINT is sent once the progress line says that a
    game has ended (stderr is a terminal, a pty, so that the line is drawn):
    no guess of how long a game takes on a loaded machine. Without, after two
    seconds, for a run whose first game cannot end by then."""
    args = [CLI, "simulate", DEF, "--players", "2", "--seed", "5", "--games", str(games),
            "--bots", INTERRUPTED_BOT, "--jobs", "2", *extra]
    master, slave = pty.openpty()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=slave,
                            env=dict(os.environ, LC_ALL="C"))
    os.close(slave)
    err_chunks = []
    a_game_ended = threading.Event()

    def read_stderr():
        progress = re.compile(rb"(\d+)/\d+ games")
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            err_chunks.append(chunk)
            if any(int(m.group(1)) > 0 for m in progress.finditer(b"".join(err_chunks[-2:]))):
                a_game_ended.set()
        os.close(master)

    reader = threading.Thread(target=read_stderr)
    reader.start()
    if wait_for_game:
        ended = a_game_ended.wait(timeout=600)
        check(ended or proc.poll() is not None, "no game ended in 10 minutes", args)
    else:
        time.sleep(2)
    check(proc.poll() is None, "the run ended before it was interrupted", args)
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    reader.join(timeout=60)
    err = b"".join(err_chunks).replace(b"\r\n", b"\n")
    return (proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
            time.monotonic() - start)


@test
def simulate_interrupted():
    total = 100000
    output = os.path.join(TMP, "partial.json")
    per_game = os.path.join(TMP, "partial.csv")
    code, out, err, seconds = interrupted_run("--format", "json", "--output", output,
                                              "--per-game", per_game)
    expect(code, (out, err), EXIT_INTERRUPTED)
    check(seconds < 20, f"took {seconds:.1f} s to stop after SIGINT")
    check(out == "", "--output leaves standard output empty", out[:200])
    check("interrupted" in err, "no word on standard error", err)
    doc = json.loads(read(output))
    check(doc.get("interrupted") is True, "JSON not marked interrupted", str(doc)[:300])
    arm = doc["arms"][0]
    ranges = arm["accumulator"]["ranges"]
    played = sum(last - first for first, last in ranges)
    check(0 < played < total, f"{played} of {total} games kept")
    check(arm["games_played"] == played and arm["games_total"] == total, "counts",
          arm["games_played"], arm["games_total"])
    bounds = [i for r in ranges for i in r]
    check(bounds == sorted(bounds) and all(a < b for a, b in ranges), "ranges out of order",
          ranges)
    wins = [r for r in arm["summary"] if r["metric"] == "win"]
    check(all(r["n"] == played for r in wins), "summary is not of the kept games", wins)
    rows = read(per_game).strip().split("\n")
    check(rows[0] == f"# partial: {played} of {total} games, the run was interrupted (Ctrl-C)",
          "per-game CSV not marked partial", rows[0])
    check(len(rows) == played + 2, "per-game rows", len(rows), played)
    header = rows[1].split(",")
    indexes = [int(row.split(",")[0]) for row in rows[2:]]
    check(indexes == [i for first, last in ranges for i in range(first, last)],
          "per-game rows are not the games of the ranges, in order", indexes[:20], ranges)
    # a kept game is a whole game: `play --seed` replays it to the same end
    first = dict(zip(header, rows[2].split(",")))
    (pcode, pout, perr), _ = play("--seed", first["seed"], "--bots",
                                  f"{INTERRUPTED_BOT},{INTERRUPTED_BOT}")
    expect(pcode, (pout, perr), EXIT_OK)
    check(scores_of(pout) == [float(first["score_p1"]), float(first["score_p2"])],
          "kept game differs", pout, first)
    # partial results still merge (with a warning that games are missing)
    code, mout, merr = run("merge", output)
    expect(code, (mout, merr), EXIT_OK)
    check(f"{played} of {total} games" in mout, "merge of partial results", mout[:300])

    code, out, err, _ = interrupted_run()
    expect(code, (out, err), EXIT_INTERRUPTED)
    check(out.startswith("interrupted (Ctrl-C)"), "text not marked interrupted", out[:300])
    check(re.search(r"\b\d+ of %d games" % total, out) is not None, "text counts", out[:300])


@test
def simulate_interrupted_before_any_game():
    # a bot so slow that no game ends before the SIGINT: no statistics, and no "nan"
    code, out, err, seconds = interrupted_run("--bots", "mcts:iterations=2000000",
                                              wait_for_game=False)
    expect(code, (out, err), EXIT_INTERRUPTED)
    check(seconds < 20, f"took {seconds:.1f} s to stop after SIGINT")
    check("0 of 100000 games" in out, "text counts", out[:300])
    check("no game finished" in out, "no clear word that no game finished", out)
    check("nan" not in out.lower(), "nan rows printed", out)


@test
def simulate_errors():
    for args in (("--games", "0"), ("--shard", "3/2"), ("--shard", "x"), ("--format", "xml"),
                 ("--jobs", "-1"), ("--bots", "nosuchbot"), ("--compare", "no-such-option=1"),
                 ("--set", "goals=maybe")):
        code, out, err = simulate("--games", "5", *args)
        expect(code, (out, err, args), EXIT_USAGE)
    code, out, err = run("simulate")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("simulate", os.path.join(TMP, "missing.yaml"))
    expect(code, (out, err), EXIT_IO)
    code, out, err = run("merge")
    expect(code, (out, err), EXIT_USAGE)


def sweep(*extra):
    return run("simulate", DEF, "--seed", "5", "--bots", "random", "--games", "20", "--jobs", "1",
               *extra)


@test
def sweep_cells_are_plain_runs():
    # each cell is exactly `simulate --set NAME=VALUE` with the same seed
    code, out, err = sweep("--players", "2", "--sweep", "goals=false,true", "--format", "json")
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    check(doc["format"] == "tilewright-sweep" and doc["version"] == 1
          and "interrupted" not in doc, "header", out[:300])
    check(doc["sweep"] == [{"name": "goals", "values": [False, True]}], "axes", doc["sweep"])
    check([c["values"] for c in doc["cells"]] == [{"goals": False}, {"goals": True}], "cells",
          [c["values"] for c in doc["cells"]])
    for cell, value in zip(doc["cells"], ("false", "true")):
        pcode, plain, perr = sweep("--players", "2", "--set", f"goals={value}", "--format",
                                   "json")
        expect(pcode, (plain, perr), EXIT_OK)
        check(cell["summary"] == json.loads(plain), f"cell goals={value} is not the plain run",
              json.dumps(cell["summary"])[:300], plain[:300])
    # the same seeds in every cell: game i has one seed whatever the cell
    games = [(c["summary"]["arms"][0]["seed"], c["summary"]["arms"][0]["accumulator"]["ranges"])
             for c in doc["cells"]]
    check(games[0] == games[1] and games[0][1] == [[0, 20]], "cells play different seeds", games)
    # a grid: every combination, the first axis slowest
    code, out, err = sweep("--players", "2", "--sweep", "goals=false,true", "--sweep",
                           "rotation=true,false", "--format", "csv")
    expect(code, (out, err), EXIT_OK)
    rows = [line.split(",") for line in out.strip().split("\n")]
    check(rows[0][:4] == ["goals", "rotation", "games", "games_total"], "CSV header", rows[0])
    check([r[:3] for r in rows[1:]] == [["false", "true", "20"], ["false", "false", "20"],
                                        ["true", "true", "20"], ["true", "false", "20"]],
          "CSV cells", out)
    code, text, err = sweep("--players", "2", "--sweep", "goals=false,true")
    expect(code, (text, err), EXIT_OK)
    table = text[text.index("  goals"):].splitlines()
    check(len(table) == 3 and table[1].split()[:2] == ["false", "20"]
          and table[2].split()[:2] == ["true", "20"], "text table", text)


@test
def sweep_players():
    code, out, err = sweep("--sweep", "players=2..3", "--format", "json")
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    check(doc["sweep"] == [{"name": "players", "values": [2, 3]}], "axes", doc["sweep"])
    for cell, players in zip(doc["cells"], (2, 3)):
        check(cell["values"] == {"players": players}, "values", cell["values"])
        pcode, plain, perr = sweep("--players", str(players), "--format", "json")
        expect(pcode, (plain, perr), EXIT_OK)
        check(cell["summary"] == json.loads(plain), f"cell players={players} is not the plain run",
              json.dumps(cell["summary"])[:300])
    code, text, err = sweep("--sweep", "players=2..3")
    expect(code, (text, err), EXIT_OK)
    header = next(line for line in text.splitlines() if line.strip().startswith("players"))
    check(header.split()[:5] == ["players", "games", "P1", "P2", "P3"], "seat columns", text)
    code, csv, err = sweep("--sweep", "players=2..3", "--format", "csv")
    rows = [line.split(",") for line in csv.strip().split("\n")]
    p3 = rows[0].index("win_p3")
    check(rows[1][p3] == "" and rows[2][p3] != "", "P3 empty in the 2-player cell", csv)


@test
def sweep_paths():
    # a number of the definition by its path: the cell with the file's own
    # value is the plain run; another value plays another definition
    code, out, err = sweep("--players", "2", "--sweep", "tiles.full-r.count=3,8", "--format",
                           "json")
    expect(code, (out, err), EXIT_OK)
    doc = json.loads(out)
    check(doc["sweep"] == [{"name": "tiles.full-r.count", "values": [3, 8]}], "axes",
          doc["sweep"])
    pcode, plain, perr = sweep("--players", "2", "--format", "json")
    expect(pcode, (plain, perr), EXIT_OK)
    check(doc["cells"][0]["summary"] == json.loads(plain), "the file's own value is the plain run",
          json.dumps(doc["cells"][0]["summary"])[:300])
    sha = [c["summary"]["arms"][0].get("definition_sha256") for c in doc["cells"]]
    check(sha[0] != sha[1], "the cells play different definitions", sha)
    code, out, err = sweep("--sweep", "tiles.full-r.name=1,2")
    expect(code, (out, err), EXIT_USAGE)
    check("'tiles.full-r.name' is not a whole number in the definition" in err, "message", err)
    code, out, err = sweep("--sweep", "tiles.full-r.count=-1,3")
    check(code != EXIT_OK and "(tiles.full-r.count=-1)" in err and "out of range" in err,
          "a cell whose definition does not load", code, err)


@test
def sweep_target():
    # a search over the cells: one round per halving, the best reported and
    # written as a definition that loads with its values
    out_def = os.path.join(TMP, "tuned.yaml")
    code, out, err = sweep("--players", "2", "--start", "5", "--sweep", "tiles.full-r.count=1,8",
                           "--sweep", "goals=false,true", "--target", "moves=20..30",
                           "--target", "advantage_p1=-0.05..0.05", "--write", out_def)
    expect(code, (out, err), EXIT_OK)
    rounds = [line for line in out.splitlines() if line.startswith("round ")]
    check(len(rounds) == 3 and rounds[0].startswith("round 1: 4 cells, 5 games each")
          and rounds[-1].startswith("round 3: 1 cell, 20 games each"), "rounds", out)
    best = re.search(r"^best: tiles\.full-r\.count=(\d+), goals=(\w+), 20 games", out, re.M)
    check(best is not None, "best line", out)
    if best:
        with open(out_def) as f:
            text = f.read()
        check(f"id: full-r, name: \"Full red\", count: {best.group(1)}," in text,
              "written count", text[:2000])
        vcode, vout, verr = run("validate", out_def)
        expect(vcode, (vout, verr), EXIT_OK)
    for args, message in [
            (("--target", "moves=1"), "--target searches the cells of a --sweep: give one"),
            (("--sweep", "goals=false,true", "--target", "nope=1"), "unknown metric 'nope'"),
            (("--sweep", "goals=false,true", "--target", "moves=x"), "is not a number"),
            (("--write", out_def), "--start and --write go with --target"),
            (("--sweep", "goals=false,true", "--target", "tie=0", "--format", "json"),
             "--target prints text only")]:
        code, out, err = sweep("--players", "2", *args)
        expect(code, (out, err), EXIT_USAGE)
        check(message in err, "message", args, err)


@test
def tune_finds_a_known_value():
    # Colorfield's length grows by about 12 moves with every turn of a round
    # (5 turns: 85 moves with random bots), so the value that makes games of
    # 80 to 90 moves is known before the search starts
    colorfield = os.path.join(DATADIR, "games", "colorfield.yaml")
    tuned = os.path.join(TMP, "tuned-colorfield.yaml")
    code, out, err = run("tune", colorfield, "--vary", "turns-per-round=2..9",
                         "--target", "moves=80..90", "--games", "80", "--bots", "random",
                         "--jobs", "2", "--write", tuned)
    expect(code, (out, err), EXIT_OK)
    rounds = [line for line in out.splitlines() if line.startswith("round ")]
    check(len(rounds) == 4 and rounds[0].startswith("round 1: 8 cells, 20 games each"),
          "rounds", out)
    best = re.search(r"^best: turns-per-round=(\d+), 80 games", out, re.M)
    check(best is not None and best.group(1) == "5", "the best value", out)
    moves = re.search(r"^  moves +([\d.]+) \[([\d.]+), ([\d.]+)\]", out, re.M)
    check(moves is not None and 80 <= float(moves.group(2)) and float(moves.group(3)) <= 90,
          "the best value's interval inside the target", out)
    with open(colorfield) as f:
        original = f.read()
    with open(tuned) as f:
        text = f.read()
    # the best is the shipped value: the text written is the original
    check(text == original, "the written definition", text[:400])
    for args, message in [((), "give what may change with --vary"),
                          (("--vary", "turns-per-round=3..5"), "give what to reach with --target"),
                          (("--vary", "turns-per-round=3..5", "--target", "moves=9",
                            "--games", "0"), "--games must be at least 1"),
                          (("--vary", "nope=1..2", "--target", "moves=9"),
                           "--vary nope=1..2: unknown option 'nope'")]:
        code, out, err = run("tune", colorfield, *args)
        expect(code, (out, err), EXIT_USAGE)
        check(message in err, "message", args, err)


def sweep_shards(k_of, fmt="json", *extra):
    """Each shard of a 2-axis sweep, written to a file: the paths."""
    paths = []
    for k in range(1, k_of + 1):
        code, out, err = sweep("--sweep", "players=2..3", "--sweep", "goals=false,true",
                               "--format", fmt, "--shard", f"{k}/{k_of}", *extra)
        expect(code, (out, err), EXIT_OK)
        paths.append(write(f"sweep-shard{k}.json", out))
    return paths


@test
def sweep_shards_merge():
    # every cell plays the same slice of its games; merge puts each cell
    # together again: the same bytes as the whole sweep, in every format
    parts = sweep_shards(3)
    for fmt in ("text", "json", "csv"):
        code, whole, err = sweep("--sweep", "players=2..3", "--sweep", "goals=false,true",
                                 "--format", fmt)
        expect(code, (whole, err), EXIT_OK)
        code, merged, err = run("merge", parts[2], parts[0], parts[1], "--format", fmt)
        expect(code, (merged, err), EXIT_OK)
        check(merged == whole, f"merged sweep shards differ from the whole sweep ({fmt})",
              whole, merged)
        check(err == "", "no warning when every shard is there", err)
    # laid out again by another tool, a shard is still a sweep's
    compact = write("sweep-shard1-compact.json",
                    json.dumps(json.loads(read(parts[0])), separators=(",", ":")))
    code, merged, err = run("merge", compact, parts[1], parts[2], "--format", "csv")
    expect(code, (merged, err), EXIT_OK)
    check(merged == whole, "a compact shard merges as the others", whole, merged)
    # a shard alone: its cells hold a third of the games, and merge says so
    code, out, err = run("merge", parts[1])
    expect(code, (out, err), EXIT_OK)
    check(err.count("warning:") == 4 and "games in the cell players=2, goals=false" in err,
          "missing games named by cell", err)
    doc = json.loads(open(parts[1], encoding="utf-8").read())
    games = [c["summary"]["arms"][0]["games_played"] for c in doc["cells"]]
    check(len(set(games)) == 1 and games[0] in (6, 7), "a third of 20 games in every cell",
          games)
    # the same shard twice, a plain run among sweeps, another sweep
    code, out, err = run("merge", parts[0], parts[0])
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("the cell players=2, goals=false" in err and "two of the results" in err,
          "overlap named by cell", err)
    code, plain, err = sweep("--players", "2", "--format", "json")
    code, out, err = run("merge", parts[0], write("plain-among-sweeps.json", plain))
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("not a sweep's results" in err, "plain run refused", err)
    code, other, err = sweep("--sweep", "players=2..3", "--format", "json", "--shard", "2/3")
    code, out, err = run("merge", parts[0], write("other-sweep.json", other))
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("is not the one of" in err, "another sweep refused", err)
    # a forged cell order: the values must be the grid's
    forged = json.loads(open(parts[0], encoding="utf-8").read())
    forged["cells"].reverse()
    code, out, err = run("merge", write("forged-sweep.json", json.dumps(forged)))
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("cell 1: its “values” must give players=2" in err, "cell order checked", err)
    code, out, err = run("merge", parts[0], "--per-game", os.path.join(TMP, "x.csv"))
    expect(code, (out, err), EXIT_USAGE)


def gnu_parallel():
    """GNU parallel's path; None, and a failed check, when it is missing."""
    parallel = shutil.which("parallel")
    check(parallel is not None,
          "GNU parallel is missing: build-aux/tw test installs it (package parallel)")
    return parallel


@test
def sweep_shards_gnu_parallel():
    # the form doc/simulate.md gives: GNU parallel runs the shards, merge
    # joins them; the result is the single run's
    parallel = gnu_parallel()
    if parallel is None:
        return
    outdir = os.path.join(TMP, "parallel")
    os.makedirs(outdir, exist_ok=True)
    cmd = [parallel, "--will-cite", "-j", "2", CLI, "simulate", DEF, "--seed", "5", "--bots",
           "random", "--games", "20", "--jobs", "1", "--sweep", "players=2..3", "--sweep",
           "goals=false,true", "--shard", "{}/4", "--format", "json", "--output",
           os.path.join(outdir, "shard-{}.json"), ":::", "1", "2", "3", "4"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    check(proc.returncode == 0, "parallel ran every shard", proc.stdout, proc.stderr)
    shards = sorted(glob.glob(os.path.join(outdir, "shard-*.json")))
    check(len(shards) == 4, "four shard files", shards)
    code, merged, err = run("merge", *shards, "--format", "csv")
    expect(code, (merged, err), EXIT_OK)
    code, whole, err = sweep("--sweep", "players=2..3", "--sweep", "goals=false,true",
                             "--format", "csv")
    check(merged == whole, "the merge of parallel's shards is the single run", whole, merged)


@test
def sweep_refusals():
    cases = [
        (("--sweep", "goals=true,false", "--compare", "goals=false"),
         "--sweep cannot be combined with --compare: the cells of a sweep are its comparison"),
        (("--sweep", "goals=true,false", "--compare-file", DEF),
         "--sweep cannot be combined with --compare-file:"),
        (("--sweep", "goals=true,false", "--shard", "1/2", "--target", "win_p1=0.5"),
         "--sweep cannot be combined with --shard: a search (--target) decides each round "
         "from the last: run it whole"),
        (("--sweep", "goals=true,false", "--per-game", os.path.join(TMP, "sweep.csv")),
         "--sweep cannot be combined with --per-game:"),
        (("--sweep", "goals=true,false", "--set", "goals=true"),
         "--sweep goals=…: 'goals' is also given with --set goals=true; vary it or set it, "
         "not both"),
        (("--sweep", "goals=true", "--sweep", "goals=false"),
         "--sweep goals=false: 'goals' is swept twice: give all its values in one sweep"),
        (("--sweep", "players=2,3", "--players", "2"),
         "--sweep players=…: the seat count is also given with --players"),
        # a bad name or value: --set's messages
        (("--sweep", "goalz=true,false"), "--sweep goalz=true,false: unknown option 'goalz'"),
        (("--sweep", "goals=true,maybe"),
         "--sweep goals=true,maybe: invalid value 'maybe' for option 'goals': expected true or "
         "false"),
        (("--sweep", "goals=0..1"), "'goals' is not an integer option"),
        (("--sweep", "players=1..2"), "invalid value '1' for players"),
        (("--sweep", "goals"), "--sweep goals: not a sweep: write NAME=V1,V2,… or NAME=LO..HI"),
    ]
    for args, message in cases:
        code, out, err = run("simulate", DEF, "--games", "2", *args)
        expect(code, (out, err, args), EXIT_USAGE)
        check(message in err, "message", args, err)
        check(out == "", "output of a refused sweep", args, out[:200])
    # the message of a bad --set is --set's, sweep or not
    code, _, err = run("simulate", DEF, "--games", "2", "--set", "goals=maybe", "--sweep",
                       "rotation=true,false")
    expect(code, (err,), EXIT_USAGE)
    check("--set goals=maybe: invalid value 'maybe'" in err, "--set message", err)


@test
def sweep_interrupted():
    output = os.path.join(TMP, "sweep-partial.json")
    code, out, err, seconds = interrupted_run("--sweep", "goals=true,false", "--format", "json",
                                              "--output", output)
    expect(code, (out, err), EXIT_INTERRUPTED)
    check(seconds < 20, f"took {seconds:.1f} s to stop after SIGINT")
    check("interrupted" in err and "cells after it were not played" in err, "stderr", err)
    doc = json.loads(read(output))
    check(doc.get("interrupted") is True, "JSON not marked interrupted", str(doc)[:300])
    check(len(doc["cells"]) == 1, "cells after the interrupted one", len(doc["cells"]))
    summary = doc["cells"][0]["summary"]
    check(summary.get("interrupted") is True, "the partial cell is not marked", str(summary)[:300])
    code, out, err, _ = interrupted_run("--sweep", "goals=true,false")
    expect(code, (out, err), EXIT_INTERRUPTED)
    check(out.startswith("interrupted (Ctrl-C)") and "(interrupted)" in out, "text marks", out)


# A search round by round (tune --round-state): the search of sweep_target,
# on a path and an option, whose rounds play 5, 10 and 20 games
ROUND_SEARCH = ("--vary", "tiles.full-r.count=1,8", "--vary", "goals=false,true",
                "--target", "moves=20..30", "--target", "advantage_p1=-0.05..0.05",
                "--players", "2", "--start", "5", "--games", "20", "--seed", "5",
                "--bots", "random", "--jobs", "2")


def round_step(out):
    """The round a step's output says the search waits for, or None."""
    waits = re.search(r"^round (\d+) waits: ", out, re.M)
    return int(waits.group(1)) if waits else None


@test
def tune_round_by_round_gnu_parallel():
    # every round split into three shards run by GNU parallel and merged:
    # the same report, byte for byte, and the same definition written as
    # the whole tune with the same seed
    parallel = gnu_parallel()
    if parallel is None:
        return
    outdir = os.path.join(TMP, "tune-rounds")
    os.makedirs(outdir, exist_ok=True)
    tuned = os.path.join(outdir, "tuned.yaml")
    code, whole, err = run("tune", DEF, *ROUND_SEARCH, "--write", tuned)
    expect(code, (whole, err), EXIT_OK)
    whole_text = read(tuned)
    os.remove(tuned)
    state = os.path.join(outdir, "search.json")
    code, out, err = run("tune", DEF, *ROUND_SEARCH, "--round-state", state, "--shards", "3")
    expect(code, (out, err), EXIT_OK)
    check(f"simulate --round-state {state} --shard 3/3 --output" in out
          and f"tune --round-state {state} --round-results" in out, "the next step's commands",
          out)
    played = []
    while round_step(out) is not None and len(played) < 8:
        r = round_step(out)
        played.append(r)
        check(not os.path.exists(tuned), "nothing written before the search ends")
        shard = os.path.join(outdir, f"round{r}-{{}}.json")
        proc = subprocess.run([parallel, "--will-cite", "-j", "2", CLI, "simulate",
                               "--round-state", state, "--jobs", "1", "--shard", "{}/3",
                               "--output", shard, ":::", "1", "2", "3"],
                              capture_output=True, text=True, timeout=300)
        check(proc.returncode == 0, "parallel ran every shard", proc.stdout, proc.stderr)
        code, merged, err = run("merge", *(shard.format(k) for k in (1, 2, 3)))
        expect(code, (merged, err), EXIT_OK)
        check(err == "", "no warning when every shard is there", err)
        results = write(f"round{r}.json", merged)
        code, out, err = run("tune", "--round-state", state, "--round-results", results,
                             "--write", tuned)
        expect(code, (out, err), EXIT_OK)
    check(played == [1, 2, 3], "one step per round that plays games", played, out)
    check(out == whole, "the round-by-round search's report is the whole run's", whole, out)
    check(os.path.exists(tuned) and read(tuned) == whole_text,
          "the definition written is the whole run's")


@test
def tune_round_by_round_refusals():
    outdir = os.path.join(TMP, "tune-refusals")
    os.makedirs(outdir, exist_ok=True)

    def begin(name, definition=DEF, *extra):
        state = os.path.join(outdir, name)
        code, out, err = run("tune", definition, *ROUND_SEARCH, *extra, "--round-state", state)
        expect(code, (out, err), EXIT_OK)
        check(round_step(out) == 1, "round 1 waits", out)
        return state

    def play_round(state, name):
        code, out, err = run("simulate", "--round-state", state, "--output",
                             os.path.join(outdir, name))
        expect(code, (out, err), EXIT_OK)
        return os.path.join(outdir, name)

    def refused(args, want, message):
        code, out, err = run(*args)
        expect(code, (out, err, args), want)
        check(message in err, "message", args, err)

    state = begin("a.json")
    round1 = play_round(state, "a-round1.json")
    before = read(state)
    # the results of another search: another seed
    other = begin("other.json", DEF, "--seed", "6")
    refused(("tune", "--round-state", state, "--round-results",
             play_round(other, "other-round1.json")),
            EXIT_INVALID_FILE, "the results of another search")
    # a shard alone
    code, out, err = run("simulate", "--round-state", state, "--shard", "1/2", "--output",
                         os.path.join(outdir, "a-round1-1.json"))
    expect(code, (out, err), EXIT_OK)
    refused(("tune", "--round-state", state, "--round-results",
             os.path.join(outdir, "a-round1-1.json")),
            EXIT_INVALID_FILE, "its results are not exactly games 0 to 4")
    check(read(state) == before, "a refused step leaves the state as it was")
    code, out, err = run("tune", "--round-state", state, "--round-results", round1)
    expect(code, (out, err), EXIT_OK)
    check(round_step(out) == 2, "round 2 waits", out)
    # the results of another round
    refused(("tune", "--round-state", state, "--round-results", round1), EXIT_INVALID_FILE,
            "the results of round 1; " + state + " waits for round 2's")
    round2 = play_round(state, "a-round2.json")
    # a forged round number: the state's next round, then its results too
    forged = json.loads(read(state))
    forged["next"]["round"] = 3
    forged_state = write("tune-forged.json", json.dumps(forged))
    refused(("tune", "--round-state", forged_state, "--round-results", round2),
            EXIT_INVALID_FILE, "the results of round 2; " + forged_state + " waits for round 3's")
    refused(("simulate", "--round-state", forged_state), EXIT_INVALID_FILE,
            "its next round is not the one the search plays")
    forged_results = json.loads(read(round2))
    forged_results["round"] = 3
    refused(("tune", "--round-state", forged_state, "--round-results",
             write("tune-forged-round.json", json.dumps(forged_results))),
            EXIT_INVALID_FILE, "is not one the search plays")
    # a state of another definition: the file changed since the search began
    copy = os.path.join(outdir, "colorblock.yaml")
    shutil.copyfile(DEF, copy)
    changed = begin("changed.json", copy)
    with open(copy, "a", encoding="utf-8") as f:
        f.write("# changed\n")
    refused(("tune", "--round-state", changed, "--round-results", round1), EXIT_INVALID_FILE,
            "is not the one this search began with")
    refused(("tune", DEF, "--round-state", changed, "--round-results", round1), EXIT_USAGE,
            f"this state searches {copy}, not {DEF}")
    # options that are not the state's, a state too large, a plain --shard
    refused(("tune", "--round-state", state, "--round-results", round2, "--seed", "9"),
            EXIT_USAGE, "the search of this state has other options")
    big = os.path.join(outdir, "big.json")
    with open(big, "w") as f:
        f.truncate(65 * 1024 * 1024)
    refused(("tune", "--round-state", big, "--round-results", round2), EXIT_INVALID_FILE,
            "more than the limit of 64 MiB for a search's round state")
    refused(("simulate", DEF, "--sweep", "goals=false,true", "--target", "tie=0", "--shard",
             "1/2"), EXIT_USAGE, "run it whole, or round by round with tune --round-state")
    refused(("simulate", "--round-state", state, "--sweep", "goals=true"), EXIT_USAGE,
            "--round-state plays the round its state plans")
    refused(("tune", DEF, *ROUND_SEARCH, "--round-results", round1), EXIT_USAGE,
            "--round-results and --shards go with --round-state")


if __name__ == "__main__":
    sys.exit(run_tests())
