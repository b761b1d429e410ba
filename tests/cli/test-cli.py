#!/usr/bin/python3
"""tilewright-cli end to end: every command, its output and its exit code.

Usage: test-cli.py PATH/TO/tilewright-cli   (TAP on stdout)

Game-agnostic: moves are taken from the CLI's own output, and broken files
are made by adding to a good one, never by knowing a game's notation.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
DATADIR = os.environ.get("TILEWRIGHT_DATADIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "data")
DEF = os.path.join(DATADIR, "games", "colorblock.yaml")
TMP = tempfile.mkdtemp(prefix="tw-cli-test-")

EXIT_OK, EXIT_USAGE, EXIT_INVALID_FILE, EXIT_ILLEGAL_MOVE, EXIT_IO = 0, 2, 3, 4, 5
MOVE_LINE = re.compile(r"^(\d+)\. P(\d+) (.*)$")
POSITION = re.compile(r"\S+:\d+:\d+: error: ")

tests = []


def test(func):
    tests.append(func)
    return func


def run(*args, timeout=120):
    proc = subprocess.run([CLI, *args], capture_output=True, timeout=timeout,
                          env=dict(os.environ, LC_ALL="C"))
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"))


def check(cond, what, *context):
    if not cond:
        raise AssertionError(what + "".join("\n" + str(c) for c in context))


def expect(code, args, want):
    check(code == want, f"exit {code}, expected {want}", *args)


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def play(*extra):
    args = ("play", DEF, "--players", "2", "--seed", "42", *extra)
    return run(*args), args


def moves_of(out):
    return [m.group(3) for m in map(MOVE_LINE.match, out.splitlines()) if m]


def scores_of(out):
    line = next(l for l in out.splitlines() if l.startswith("scores:"))
    return [float(s.split()[1]) for s in line[len("scores:"):].split(",")]


@test
def help_and_version():
    code, out, err = run("--help")
    expect(code, (out, err), EXIT_OK)
    for word in ("validate", "play", "replay", "bench", "Exit status"):
        check(word in out, f"--help lacks {word}", out)
    code, out, err = run("--version")
    expect(code, (out, err), EXIT_OK)
    check(re.match(r"tilewright-cli \d+\.\d+", out), "--version", out)


@test
def command_help():
    for command in ("validate", "play", "replay", "bench"):
        code, out, err = run(command, "--help")
        expect(code, (command, out, err), EXIT_OK)
        check("Usage:" in out and command in out, f"{command} --help", out)


@test
def usage_errors():
    code, out, err = run("frobnicate")
    expect(code, (out, err), EXIT_USAGE)
    check("unknown command" in err, "unknown command message", err)
    code, out, err = run()
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("play", DEF, "--no-such-option")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("validate")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("play", DEF, "--seed", "banana")
    expect(code, (out, err), EXIT_USAGE)
    check("--seed" in err, "seed message", err)


@test
def validate_bundled():
    code, out, err = run("validate", DEF)
    expect(code, (out, err), EXIT_OK)
    check(re.match(re.escape(DEF) + r": ok \(.+, \d+ tiles", out), "validate output", out)


@test
def validate_broken():
    broken = write("broken.yaml", read(DEF) + "\nno-such-section-here: 1\n")
    code, out, err = run("validate", broken)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(POSITION.search(err), "no file:line:col in the message", err)
    check(broken in err, "the message does not name the file", err)

    syntax = write("syntax.yaml", read(DEF) + "\n  - [unterminated\n")
    code, out, err = run("validate", syntax)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(POSITION.search(err), "no file:line:col in the message", err)

    # Several files: each is reported, the worst status wins.
    code, out, err = run("validate", DEF, broken)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(": ok (" in out, "the good file is still reported", out)

    code, out, err = run("validate", os.path.join(TMP, "missing.yaml"))
    expect(code, (out, err), EXIT_IO)


@test
def play_deterministic():
    (code1, out1, err1), args = play()
    expect(code1, (out1, err1), EXIT_OK)
    (code2, out2, err2), _ = play()
    expect(code2, (out2, err2), EXIT_OK)
    check(out1 == out2, "two runs with one seed differ", out1, out2)
    moves = moves_of(out1)
    check(len(moves) > 10, "too few moves", out1)
    lines = [l for l in out1.splitlines() if MOVE_LINE.match(l)]
    for i, line in enumerate(lines, 1):
        check(line.startswith(f"{i}. P"), "move numbering", line)
    check("scores:" in out1 and "ranking:" in out1, "no result", out1)
    (code3, out3, _), _ = play("--seed", "43")
    expect(code3, (out3,), EXIT_OK)
    check(out3 != out1, "another seed gives the same game")


@test
def play_errors():
    code, out, err = run("play", DEF, "--players", "99", "--seed", "1")
    expect(code, (out, err), EXIT_USAGE)
    check("--players must be between" in err, "players message", err)
    code, out, err = run("play", DEF, "--players", "2", "--bots", "nosuchbot")
    expect(code, (out, err), EXIT_USAGE)
    check("known bots: random" in err, "bots message", err)
    code, out, err = run("play", DEF, "--players", "2", "--bots", "random,random,random")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("play", DEF, "--set", "no-such-option=1")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("play", DEF, "--moves", "%%% not a move")
    expect(code, (out, err), EXIT_ILLEGAL_MOVE)
    check("move 1" in err, "the bad move is not named", err)
    code, out, err = run("play", os.path.join(TMP, "missing.yaml"))
    expect(code, (out, err), EXIT_IO)


@test
def play_moves():
    (code, out, err), _ = play()
    expect(code, (out, err), EXIT_OK)
    first = moves_of(out)[:3]
    (code, out2, err), _ = play("--moves", "; ".join(first))
    expect(code, (out2, err), EXIT_OK)
    check(moves_of(out2)[:3] == first, "--moves were not played first", out2)
    # A legal move at move 1 is not necessarily legal again at move 2.
    (code, out3, err), _ = play("--moves", f"{first[0]}; {first[0]}")
    check(code in (EXIT_OK, EXIT_ILLEGAL_MOVE), f"exit {code}", err)
    if code == EXIT_ILLEGAL_MOVE:
        check("move 2" in err, "the bad move is not named", err)


@test
def record_and_replay():
    record = os.path.join(TMP, "game.yaml")
    (code, out, err), _ = play("--record", record, "--bots", "random")
    expect(code, (out, err), EXIT_OK)
    check(os.path.exists(record), "no record written")
    leftovers = [f for f in os.listdir(TMP) if f.startswith("game.yaml.")]
    check(not leftovers, "temporary files left", leftovers)
    code, rout, err = run("replay", record)
    expect(code, (rout, err), EXIT_OK)
    result = json.loads(rout)
    check(result["players"] == 2, "players", rout)
    check(result["moves"] == len(moves_of(out)), "move count", rout, out)
    check(result["scores"] == scores_of(out), "scores differ", rout, out)
    check(re.fullmatch(r"[0-9a-f]{16}", result["hash"]), "hash", rout)
    check(len(result["ranking"]) == 2, "ranking", rout)

    code, vout, verr = run("replay", "--verbose", record)
    expect(code, (vout, verr), EXIT_OK)
    check(moves_of(verr) == moves_of(out), "--verbose moves", verr)


@test
def replay_bad_records():
    record = os.path.join(TMP, "game2.yaml")
    (code, out, err), _ = play("--record", record)
    expect(code, (out, err), EXIT_OK)
    lines = read(record).split("\n")
    start = lines.index("moves:")
    index = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("- "))
    lines[index] = '- "%%% not a move %%%"'
    bad = write("bad-move.yaml", "\n".join(lines))
    code, out, err = run("replay", bad)
    expect(code, (out, err), EXIT_ILLEGAL_MOVE)
    check(f"bad-move.yaml:{index + 1}:3: error: move 1" in err, "position of the bad move", err)

    garbage = write("garbage.yaml", "tilewright-record: 1\nmoves: [a, b\n")
    code, out, err = run("replay", garbage)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(POSITION.search(err), "no position", err)

    code, out, err = run("replay", os.path.join(TMP, "missing.yaml"))
    expect(code, (out, err), EXIT_IO)


@test
def bench():
    code, out, err = run("bench", DEF, "--games", "200", "--seed", "3")
    expect(code, (out, err), EXIT_OK)
    for key in ("state size:", "games/s:", "moves/s:", "moves/game:"):
        check(key in out, f"bench lacks {key}", out)
    check(re.search(r"games/s: \d+ \(min \d+, max \d+\)", out), "figures", out)
    check(re.search(r"batches: 5, 200 games", out), "game count", out)


def main():
    print(f"1..{len(tests)}")
    failed = 0
    for n, func in enumerate(tests, 1):
        name = func.__name__.replace("_", "-")
        try:
            func()
            print(f"ok {n} {name}")
        except Exception as e:  # noqa: BLE001 - every failure is one TAP line
            failed += 1
            print(f"not ok {n} {name}")
            for line in f"{type(e).__name__}: {e}".splitlines():
                print(f"# {line}")
        sys.stdout.flush()
    shutil.rmtree(TMP, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    if not os.path.exists(DEF):
        print("1..0 # SKIP the bundled colorblock definition is missing")
        sys.exit(0)
    sys.exit(main())
