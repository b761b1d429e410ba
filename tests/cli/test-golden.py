#!/usr/bin/python3
"""Golden outputs: simulate (JSON, CSV, per-game CSV, text), merge, play and
tournament of the five bundled games, compared byte for byte.

Usage: test-golden.py PATH/TO/tilewright-cli [--regenerate]   (TAP on stdout)

The files in tests/cli/golden/ were written by the build before tw-sim.c
was split, and written again (--regenerate) when the bots' heuristics
changed what the greedy bot plays; any change that alters these outputs
fails here, so a change that means to must regenerate them and say so. Only timing-free
output is compared: the tournament's "cpu" block (CPU milliseconds per move)
is cut from its JSON before comparing, and nothing else is. The commands run
in data/games/ with relative paths, because the JSON names the definition's
path as given.
"""
import os
import re
import subprocess
import sys
import tempfile

CLI = os.path.abspath(sys.argv[1])
REGENERATE = "--regenerate" in sys.argv[2:]
HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
DATADIR = os.environ.get("TILEWRIGHT_DATADIR") or os.path.join(HERE, "..", "..", "data")
GAMES = os.path.join(DATADIR, "games")
TMP = tempfile.mkdtemp(prefix="tw-golden-")

SIM = ("--games", "30", "--bots", "random,greedy", "--seed", "3", "--jobs", "2")
# options a game needs to be played by these bots at its minimum of players
EXTRA = {"blokus-shuffle": ("--set", "cards=false")}
# the tournament's CPU times per move: the only timed part of any output here
CPU_BLOCK = re.compile(r'^  "cpu": \[\n(?:    .*\n)*  \],\n', re.M)


def run(*args):
    proc = subprocess.run([CLI, *args], capture_output=True, cwd=GAMES,
                          env=dict(os.environ, LC_ALL="C"), timeout=240)
    if proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}: {' '.join(args)}\n"
                             + proc.stderr.decode("utf-8", "replace"))
    return proc.stdout


def tmp(name):
    return os.path.join(TMP, name)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def cases():
    """(golden file name, function returning the bytes) for every output."""
    out = []
    for game in ("block-2-block", "blokus-shuffle", "color-shift", "colorblock", "colorfield"):
        yaml = game + ".yaml"
        extra = EXTRA.get(game, ())

        def per_game(yaml=yaml, extra=extra, game=game):
            text = run("simulate", yaml, *SIM, *extra, "--per-game", tmp(game + ".csv"))
            return text, read(tmp(game + ".csv"))

        out += [
            (f"{game}.simulate.json",
             lambda yaml=yaml, extra=extra: run("simulate", yaml, *SIM, *extra, "--format", "json")),
            (f"{game}.simulate.csv",
             lambda yaml=yaml, extra=extra: run("simulate", yaml, *SIM, *extra, "--format", "csv")),
            (f"{game}.simulate.txt", lambda per_game=per_game: per_game()[0]),
            (f"{game}.per-game.csv", lambda per_game=per_game: per_game()[1]),
            (f"{game}.play.txt",
             lambda yaml=yaml, extra=extra: run("play", yaml, "--seed", "7", "--bots", "greedy",
                                                *extra)),
        ]

    compare = ("simulate", "colorblock.yaml", *SIM, "--compare", "goals=false")

    def compare_per_game():
        run(*compare, "--per-game", tmp("compare.csv"))
        return read(tmp("compare.csv"))

    def merged(*args):
        shards = []
        for k in (1, 2, 3):
            path = tmp(f"shard-{k}.json")
            with open(path, "wb") as f:
                f.write(run(*args, "--shard", f"{k}/3", "--format", "json"))
            shards.append(path)
        return run("merge", shards[2], shards[0], shards[1], "--format", "json")

    def tournament():
        text = run("tournament", "colorblock.yaml", "--bots", "random,greedy,policy",
                   "--games", "24", "--seed", "3", "--jobs", "2", "--format", "json")
        return CPU_BLOCK.sub("", text.decode("utf-8"), count=1).encode("utf-8")

    out += [
        ("colorblock.compare.json", lambda: run(*compare, "--format", "json")),
        ("colorblock.compare.csv", lambda: run(*compare, "--format", "csv")),
        ("colorblock.compare.per-game.csv", compare_per_game),
        # merged shards are the full run, byte for byte
        ("colorblock.simulate.json",
         lambda: merged("simulate", "colorblock.yaml", *SIM)),
        ("colorblock.compare.json", lambda: merged(*compare)),
        ("colorblock.tournament.json", tournament),
    ]
    return out


def main():
    todo = cases()
    print(f"1..{len(todo)}")
    failed = 0
    seen = set()
    for i, (name, make) in enumerate(todo, 1):
        what = name if name not in seen else name + " (merged shards)"
        seen.add(name)
        path = os.path.join(GOLDEN, name)
        try:
            got = make()
            if REGENERATE and what == name:
                with open(path, "wb") as f:
                    f.write(got)
            want = read(path)
            if got != want:
                lines = zip(got.decode("utf-8", "replace").splitlines(),
                            want.decode("utf-8", "replace").splitlines())
                first = next(((n, g, w) for n, (g, w) in enumerate(lines, 1) if g != w), None)
                raise AssertionError(f"differs from {path}"
                                     + (f" at line {first[0]}:\n got  {first[1][:200]}\n want "
                                        f"{first[2][:200]}" if first else " (in length)"))
            print(f"ok {i} {what}")
        except Exception as e:  # noqa: BLE001: every failure is a TAP line
            failed += 1
            print(f"not ok {i} {what}")
            for line in str(e).splitlines():
                print("# " + line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
