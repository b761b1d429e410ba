#!/usr/bin/python3
"""tilewright-cli end to end: every command, its output and its exit code.

Usage: test-cli.py PATH/TO/tilewright-cli   (TAP on stdout)

Game-agnostic: moves are taken from the CLI's own output, and broken files
are made by adding to a good one, never by knowing a game's notation.
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
import tempfile
import threading
import time

CLI = sys.argv[1]
DATADIR = os.environ.get("TILEWRIGHT_DATADIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "data")
DEF = os.path.join(DATADIR, "games", "colorblock.yaml")
TMP = tempfile.mkdtemp(prefix="tw-cli-test-")

EXIT_OK, EXIT_USAGE, EXIT_INVALID_FILE, EXIT_ILLEGAL_MOVE, EXIT_IO = 0, 2, 3, 4, 5
EXIT_INTERRUPTED = 130
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
    for word in ("validate", "play", "replay", "bench", "simulate", "merge", "tournament",
                 "Exit status"):
        check(word in out, f"--help lacks {word}", out)
    code, out, err = run("--version")
    expect(code, (out, err), EXIT_OK)
    check(re.match(r"tilewright-cli \d+\.\d+", out), "--version", out)


@test
def command_help():
    for command in ("validate", "play", "replay", "bench", "simulate", "merge", "tournament"):
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


def bundled_definitions():
    folder = os.path.join(DATADIR, "games")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".yaml"))


@test
def rules_json():
    """`rules FILE --format json` and `rules MODULE --format json`: every option
    has a label, values, a default among them, a description and a source; the
    file's values are shown; the module's lists are there."""
    for path in bundled_definitions():
        code, out, err = run("rules", path, "--format", "json")
        expect(code, (path, out, err), EXIT_OK)
        doc = json.loads(out)
        check(doc["definition"]["path"] == path, "definition path", doc.get("definition"))
        check(doc["options"], "no options", path)
        for o in doc["options"]:
            for key in ("name", "label", "type", "description", "source"):
                check(isinstance(o.get(key), str) and o[key], f"option without {key}", o)
            check(o["label"] != o["name"], "the label is the raw id", o)
            if o["type"] == "bool":
                check(isinstance(o["default"], bool) and isinstance(o["value"], bool), "bool", o)
            elif o["type"] == "int":
                check(o["min"] <= o["default"] <= o["max"] and o["min"] <= o["value"] <= o["max"], "int", o)
            elif o["type"] == "choice":
                check(o["default"] in o["choices"] and o["value"] in o["choices"], "choice", o)
            else:
                check(False, "unknown option type", o)
        for k in doc["card_kinds"]:
            check(k["name"] and k["deck"] and k["description"], "card kind", k)
            for p in k["params"]:
                check(p["type"] in ("bool", "int", "choice", "color", "shape", "text"), "param type", p)
        check("id" in doc["tile_keys"], "tile keys", doc["tile_keys"])
        check(doc["counters"] and doc["notation"], "counters and notation", path)

        # the module alone: the same options, without a file's values
        code, out, err = run("rules", doc["module"], "--format", "json")
        expect(code, (out, err), EXIT_OK)
        alone = json.loads(out)
        check([o["name"] for o in alone["options"]] == [o["name"] for o in doc["options"]],
              "module and file list different options", doc["module"])
        check("definition" not in alone and all("value" not in o for o in alone["options"]),
              "a module alone has no file values", doc["module"])


@test
def rules_text():
    for path in bundled_definitions():
        code, out, err = run("rules", path, "--format", "json")
        doc = json.loads(out)
        code, out, err = run("rules", path)
        expect(code, (out, err), EXIT_OK)
        for o in doc["options"]:
            check(f"\n  {o['name']}: {o['label']}\n" in out, "option missing from text", o["name"], out)
            check(o["source"] in out, "source missing from text", o["name"])
        for k in doc["card_kinds"]:
            check(f"\n  {k['name']} (" in out, "card kind missing from text", k["name"])
        check("\nNotation (" in out and "Counters (simulate): " in out, "sections", out[-400:])


@test
def rules_option_player_limits():
    """An option made for fewer players (max_players) is refused above that
    count, exit 2 with the option's label, and accepted at it."""
    limited = 0
    for path in bundled_definitions():
        doc = json.loads(run("rules", path, "--format", "json")[1])
        top = doc["definition"]["players"]["max"]
        for o in doc["options"]:
            if "max_players" not in o or o["max_players"] >= top:
                continue
            if o["type"] == "bool":
                other = "false" if o["default"] else "true"
            elif o["type"] == "choice":
                other = next(c for c in o["choices"] if c != o["default"])
            else:
                other = str(o["max"] if o["default"] != o["max"] else o["min"])
            setting = f"{o['name']}={other}"
            code, out, err = run("play", path, "--players", str(o["max_players"] + 1),
                                 "--seed", "1", "--set", setting)
            expect(code, (setting, out, err), EXIT_USAGE)
            check(o["label"] in err and f"at most {o['max_players']} players" in err,
                  "the refusal does not say why", err)
            code, out, err = run("play", path, "--players", str(o["max_players"]),
                                 "--seed", "1", "--set", setting)
            expect(code, (setting, out, err), EXIT_OK)
            limited += 1
    check(limited > 0, "no bundled module has an option limited to fewer players")


@test
def rules_errors():
    module = json.loads(run("rules", DEF, "--format", "json")[1])["module"]
    code, out, err = run("rules", module[:-1])
    expect(code, (out, err), EXIT_USAGE)
    check(f"did you mean “{module}”" in err, "no nearest module", err)
    code, out, err = run("rules", module, "--format", "xml")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("rules")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("rules", os.path.join(TMP, "missing.yaml"))
    expect(code, (out, err), EXIT_IO)
    broken = write("rules-broken.yaml", read(DEF) + "\nno-such-section-here: 1\n")
    code, out, err = run("rules", broken)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(POSITION.search(err), "no file:line:col in the message", err)


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
    check("known bots: random, policy, greedy, mcts, beginner, casual, strong" in err, "bots message", err)
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
def play_describe():
    """--describe: the same game, each move in the module's words instead of
    its notation, the same numbering and seats, and the same result."""
    (code, out, err), _ = play()
    expect(code, (out, err), EXIT_OK)
    (code, words, err), _ = play("--describe")
    expect(code, (words, err), EXIT_OK)
    plain = [MOVE_LINE.match(l) for l in out.splitlines() if MOVE_LINE.match(l)]
    said = [MOVE_LINE.match(l) for l in words.splitlines() if MOVE_LINE.match(l)]
    check(len(plain) == len(said) and len(said) > 10, "not one sentence a move", words)
    for a, b in zip(plain, said):
        check(a.group(1, 2) == b.group(1, 2), "numbering or seat differ", a.group(0), b.group(0))
        check(a.group(3) != b.group(3) and " " in b.group(3), "the move is not in words",
              b.group(0))
    tail = lambda text: [l for l in text.splitlines() if l.startswith(("scores:", "ranking:"))]
    check(tail(out) == tail(words), "the result differs", out, words)


@test
def play_describe_stages():
    """--describe also tells each new stage of the game, once, where the
    module has stages: Colorfield's rounds in order; none without
    --describe."""
    colorfield = os.path.join(DATADIR, "games", "colorfield.yaml")
    code, out, err = run("play", colorfield, "--players", "2", "--seed", "3", "--describe")
    expect(code, (out, err), EXIT_OK)
    stages = [l for l in out.splitlines() if l.startswith("— ")]
    check(stages[:1] == ["— Before the first round: everyone chooses a painter and a canvas."]
          and [s for s in stages if s.startswith("— Round ") and s.endswith(" of 3.")]
          == ["— Round 1 of 3.", "— Round 2 of 3.", "— Round 3 of 3."], "stages", stages)
    code, plain, err = run("play", colorfield, "--players", "2", "--seed", "3")
    expect(code, (plain, err), EXIT_OK)
    check(not any(l.startswith("— ") for l in plain.splitlines()), "stages without --describe",
          plain[:300])


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
    leftovers = [f for f in os.listdir(TMP) if "game.yaml." in f]
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
def replay_breakdown():
    # every game: each seat's terms add up to its score, and the result names the winners
    for name in ("colorblock", "blokus-shuffle", "colorfield", "color-shift", "block-2-block"):
        path = os.path.join(DATADIR, "games", name + ".yaml")
        record = os.path.join(TMP, name + "-breakdown.yaml")
        code, out, err = run("play", path, "--players", "3", "--seed", "11", "--bots", "random",
                             "--record", record)
        expect(code, (out, err), EXIT_OK)
        code, rout, err = run("replay", record)
        expect(code, (rout, err), EXIT_OK)
        result = json.loads(rout)
        check(len(result["breakdown"]) == 3, name, rout)
        for seat, score in zip(result["breakdown"], result["scores"]):
            check(seat["terms"], name, "no terms", rout)
            check(all(t["label"] for t in seat["terms"]), name, "an empty label", rout)
            check(sum(t["points"] for t in seat["terms"]) == score, name, "terms != score", rout)
        winners = [f"P{i + 1}" for i, r in enumerate(result["ranking"]) if r == 0]
        check(all(w in result["result"] for w in winners), name, result["result"])
        check(re.search(r" (wins|share the win) with ", result["result"]), name, result["result"])
    # a record that stops before the end has no breakdown: keep its first 5 moves
    text = read(os.path.join(TMP, "colorblock-breakdown.yaml"))
    head, tail = text.split("\nmoves:\n", 1)
    lines = tail.split("\n")
    # (without the final hash, which is optional)
    rest = [l for l in lines if not l.startswith(("- ", "hashes:", "  final:"))]
    short = write("unfinished.yaml", head + "\nmoves:\n" + "\n".join(
        [l for l in lines if l.startswith("- ")][:5] + rest))
    code, rout, err = run("replay", short)
    expect(code, (rout, err), EXIT_OK)
    result = json.loads(rout)
    check(result["moves"] == 5 and "breakdown" not in result and "result" not in result, rout)


def temp_files(folder):
    return [f for f in os.listdir(folder) if f.endswith(".tw-save")]


@test
def saves_are_atomic():
    folder = os.path.join(TMP, "atomic")
    os.makedirs(folder)
    target = os.path.join(folder, "real.yaml")
    link = os.path.join(folder, "link.yaml")
    write(os.path.join("atomic", "real.yaml"), "old\n")
    os.chmod(target, 0o600)
    if os.geteuid() == 0:
        os.chown(target, 65534, 65534)
    os.symlink("real.yaml", link)
    # the temporary file of a save that was killed (nobody holds its lock)
    stale = os.path.join(folder, ".real.yaml.Ab12Cd.tw-save")
    write(stale, "half a rec")
    (code, out, err), args = play("--record", link, "--bots", "random")
    expect(code, (args, err), EXIT_OK)
    check(os.path.islink(link), "the symbolic link was replaced by a file")
    check(read(target).startswith("tilewright-record:"), "the link's target was not written")
    st = os.stat(target)
    check(st.st_mode & 0o7777 == 0o600, f"mode {oct(st.st_mode & 0o7777)}, expected 0o600")
    if os.geteuid() == 0:
        check((st.st_uid, st.st_gid) == (65534, 65534), "owner not kept", st)
    check(not os.path.exists(stale), "the killed save's temporary file is still there")
    check(temp_files(folder) == [], "temporary files left", os.listdir(folder))

    # an unwritable place: exit 5 with the reason, nothing left behind
    for bad in (os.path.join(folder, "no-such-folder", "x.yaml"),
                os.path.join(target, "x.yaml")):
        (code, out, err), args = play("--record", bad, "--bots", "random")
        expect(code, (args, err), EXIT_IO)
        check(bad in err and ("No such file" in err or "Not a directory" in err),
              "no path or reason", err)
    # a full disk: the write fails, exit 5
    if os.path.exists("/dev/full"):
        (code, out, err), args = play("--record", "/dev/full", "--bots", "random")
        expect(code, (args, err), EXIT_IO)
        check("No space left" in err, "no reason", err)
    code, out, err = run("simulate", DEF, "--players", "2", "--games", "2", "--bots", "random",
                         "--output", folder)
    expect(code, (out, err), EXIT_IO)
    check("Is a directory" in err, "no reason", err)
    check(temp_files(folder) == [], "temporary files left", os.listdir(folder))


@test
def export_is_atomic():
    folder = os.path.join(TMP, "export")
    os.makedirs(folder)
    sheet = os.path.join(folder, "sheet.png")
    code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "20",
                         "-o", sheet)
    expect(code, (out, err), EXIT_OK)
    pages = sorted(os.listdir(folder))
    check(len(pages) > 1 and all(re.fullmatch(r"sheet-\d+\.png", p) for p in pages),
          "pages", pages)
    # a page that cannot be written (a folder in its place): no page is replaced
    before = {p: os.stat(os.path.join(folder, p)).st_mtime_ns for p in pages}
    os.unlink(os.path.join(folder, pages[-1]))
    os.mkdir(os.path.join(folder, pages[-1]))
    code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "20",
                         "-o", sheet)
    expect(code, (out, err), EXIT_IO)
    for p in pages[:-1]:
        check(os.stat(os.path.join(folder, p)).st_mtime_ns == before[p], "a page was replaced", p)
    check(temp_files(folder) == [], "temporary files left", os.listdir(folder))
    # a PDF through a symbolic link, keeping the mode
    pdf = os.path.join(folder, "real.pdf")
    write(pdf, "old")
    os.chmod(pdf, 0o640)
    os.symlink("real.pdf", os.path.join(folder, "link.pdf"))
    code, out, err = run("export", DEF, "--what", "tiles", "-o", os.path.join(folder, "link.pdf"))
    expect(code, (out, err), EXIT_OK)
    with open(pdf, "rb") as f:
        check(f.read(5) == b"%PDF-", "the link's target is not the PDF")
    check(os.stat(pdf).st_mode & 0o7777 == 0o640, "mode not kept")
    check(os.path.islink(os.path.join(folder, "link.pdf")), "link replaced")


@test
def readers_cap_their_input():
    # a sparse 3 GiB file is refused from its size and /dev/zero after the
    # limit: never read whole (doc/record-format.md and doc/simulate.md, "Limits")
    sparse = os.path.join(TMP, "sparse-3g")
    with open(sparse, "wb") as f:
        f.truncate(3 << 30)
    for path in (sparse, "/dev/zero"):
        for args, limit in ((("replay", path), "4 MiB for a record"),
                            (("export", path, "--format", "blksgf"), "4 MiB for a record"),
                            (("import", path), "4 MiB for a .blksgf record"),
                            (("merge", path), "256 MiB for simulation results"),
                            (("validate", path), "limit of 4")):
            code, out, err = run(*args)
            expect(code, (args, err), EXIT_INVALID_FILE)
            check(f"{path}:1:1: " in err and limit in err, "no position or limit", args, err)
    os.unlink(sparse)


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
    code, out, err = run("bench", DEF, "--render", "--seed", "3")
    expect(code, (out, err), EXIT_OK)
    wall = re.search(r"^render: (\d+\.\d+) ms per frame at 1280x800", out, re.M)
    cpu = re.search(r"^render CPU: (\d+\.\d+) ms per frame", out, re.M)
    check(wall and cpu, "render figures", out)
    check(0 < float(cpu.group(1)) < 1000 and 0 < float(wall.group(1)) < 1000, "render times", out)


@test
def play_core_bots():
    (code, out, err), args = play("--bots", "random,greedy")
    expect(code, (out, err, args), EXIT_OK)
    (code2, out2, err2), _ = play("--bots", "random,greedy")
    check(out == out2, "greedy game not deterministic", out, out2)
    (code, out, err), args = play("--bots", "greedy,mcts:iterations=30,c=0.5")
    expect(code, (out, err, args), EXIT_OK)
    # the older ':' separated form is the same bot
    (code2, out2, err2), _ = play("--bots", "greedy,mcts:iterations=30:c=0.5")
    expect(code2, (out2, err2), EXIT_OK)
    check(out == out2, "':' and ',' settings differ", out, out2)
    record = os.path.join(TMP, "bots.yaml")
    (code, out, err), _ = play("--bots", "random,mcts:iterations=20", "--record", record)
    expect(code, (out, err), EXIT_OK)
    check("mcts:iterations=20" in read(record), "record lacks the bot spec", read(record))
    for bad in ("mcts:iterations=0", "mcts:depth=3", "greedy:c=1", "mcts:iterations=5,"):
        code, out, err = run("play", DEF, "--players", "2", "--bots", bad)
        expect(code, (out, err, bad), EXIT_USAGE)
        check("--bots" in err, "bad setting message", bad, err)


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
    check(arm["players"] == 2 and len(arm["games"]) == 25, "games", out[:400])
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

    other_sha = "0" * 64
    cases = [
        ("another definition of the same name", set_arm("definition_sha256", other_sha),
         "the definition"),
        ("other options", set_arm("options", ["rotation=false"]), "the options"),
        ("other bots", set_arm("bots", ["greedy", "random"]), "the bots"),
        ("another seed", set_arm("seed", "2"), "seed"),
        ("another game total", set_arm("games_total", 7), "total number of games"),
        ("a game index outside the run", set_game("game", 1000000),
         "game 1000000 is not one of the 6 games"),
        ("a seed that is not the index's", set_game("seed", "12345"), "its seed is not"),
        ("a rank beyond the players", set_game("ranks", [0, 2]), "a rank is not"),
        ("a negative rank", set_game("ranks", [0, -1]), "a rank is not"),
        ("a label in a single run", set_arm("label", "A"), "“label” must be"),
        ("a games total of 0", set_arm("games_total", 0), "games_total"),
    ]
    for what, forge, message in cases:
        doc = json.loads(shards[1])
        forge(doc)
        forged = write("forged.json", json.dumps(doc))
        code, out, err = run("merge", first, forged)
        check(code == EXIT_INVALID_FILE and message in err, f"{what}: exit {code}", err, out)
    # what json.dumps cannot write: an infinite score, a name that is not UTF-8
    for what, old, new, message in (
            ("an infinite score", b'"scores": [', b'"scores": [1e999', "not a finite number"),
            ("invalid UTF-8", b'"definition": "', b'"definition": "\xff', "not UTF-8")):
        forged = os.path.join(TMP, "forged.json")
        with open(forged, "wb") as f:
            f.write(shards[1].encode().replace(old, new, 1))
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
    played = arm["games"]
    check(0 < len(played) < total, f"{len(played)} of {total} games kept")
    check(arm["games_played"] == len(played) and arm["games_total"] == total, "counts",
          arm["games_played"], arm["games_total"])
    indexes = [g["game"] for g in played]
    check(indexes == sorted(set(indexes)), "games out of order or repeated", indexes[:20])
    wins = [r for r in arm["summary"] if r["metric"] == "win"]
    check(all(r["n"] == len(played) for r in wins), "summary is not of the kept games", wins)
    rows = read(per_game).strip().split("\n")
    check(rows[0] == f"# partial: {len(played)} of {total} games, the run was interrupted (Ctrl-C)",
          "per-game CSV not marked partial", rows[0])
    check(len(rows) == len(played) + 2, "per-game rows", len(rows), len(played))
    # a kept game is a whole game: `play --seed` replays it to the same end
    first = played[0]
    (pcode, pout, perr), _ = play("--seed", first["seed"], "--bots",
                                  f"{INTERRUPTED_BOT},{INTERRUPTED_BOT}")
    expect(pcode, (pout, perr), EXIT_OK)
    check(scores_of(pout) == [float(s) for s in first["scores"]], "kept game differs", pout,
          first)
    # partial results still merge (with a warning that games are missing)
    code, mout, merr = run("merge", output)
    expect(code, (mout, merr), EXIT_OK)
    check(f"{len(played)} of {total} games" in mout, "merge of partial results", mout[:300])

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
    seeds = [[g["seed"] for g in c["summary"]["arms"][0]["games"]] for c in doc["cells"]]
    check(seeds[0] == seeds[1] and len(seeds[0]) == 20, "cells play different seeds", seeds)
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
    # a shard alone: its cells hold a third of the games, and merge says so
    code, out, err = run("merge", parts[1])
    expect(code, (out, err), EXIT_OK)
    check(err.count("warning:") == 4 and "games in the cell players=2, goals=false" in err,
          "missing games named by cell", err)
    doc = json.loads(open(parts[1], encoding="utf-8").read())
    games = [len(c["summary"]["arms"][0]["games"]) for c in doc["cells"]]
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


@test
def sweep_shards_gnu_parallel():
    # the form doc/simulate.md gives: GNU parallel runs the shards, merge
    # joins them; the result is the single run's
    parallel = shutil.which("parallel")
    if parallel is None:
        check(False, "GNU parallel is missing: build-aux/tw test installs it (package parallel)")
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


def tournament(*extra):
    return run("tournament", DEF, "--players", "2", "--seed", "5", "--bots", "random,greedy",
               *extra)


CPU_BLOCK = re.compile(r'  "cpu": \[.*?\n  \],\n', re.S)


@test
def tournament_text():
    code, out, err = tournament("--games", "8", "--jobs", "2")
    expect(code, (out, err), EXIT_OK)
    for key in ("8 of 8 games, 2 lineups", "Wilson", "share/fair", "random vs greedy",
                "Bradley", "(the anchor)", "bootstrap", "CPU time per move", "median ms"):
        check(key in out, f"report lacks {key}", out)
    check(err == "", "progress or noise on stderr when piped", err)
    # one row per bot in each table: standings, ratings, CPU
    check(len(re.findall(r"^  greedy ", out, re.M)) == 3, "greedy rows", out)


@test
def tournament_json():
    code, out1, err = tournament("--games", "8", "--format", "json", "--jobs", "1")
    expect(code, (out1, err), EXIT_OK)
    code, out2, err = tournament("--games", "8", "--format", "json", "--jobs", "2")
    expect(code, (out2, err), EXIT_OK)
    # CPU times are measured, so they differ from run to run; the rest may not
    check("\"cpu\": [" in out1, "no cpu block", out1[:300])
    check(CPU_BLOCK.sub("", out1) == CPU_BLOCK.sub("", out2), "--jobs changes the results",
          out1, out2)
    doc = json.loads(out1)
    check(doc["format"] == "tilewright-tournament" and doc["interrupted"] is False, "header")
    check(doc["bots"] == ["random", "greedy"] and doc["lineups"] == [[0, 1], [1, 0]],
          "lineups", doc["lineups"])
    games = doc["games"]
    check([g["lineup"] for g in games] == [i % 2 for i in range(8)], "lineup i mod L", games)
    standings = {s["bot"]: s for s in doc["standings"]}
    check(abs(sum(s["wins"] for s in standings.values()) - 8) < 1e-9, "wins sum to games")
    for s in standings.values():
        check(s["games"] == 8 and s["seats"] == 8 and s["fair"] == 0.5, "counts", s)
        check(s["lo"] <= s["share"] <= s["hi"], "Wilson interval", s)
        check(abs(s["ratio"] - s["share"] / s["fair"]) < 1e-9, "ratio", s)
    pair = doc["pairs"][0]
    check(pair["games"] == 8 and pair["share"] == standings["random"]["share"], "pair", pair)
    ratings = doc["ratings"]["bots"]
    check(ratings[0]["rating"] == 0 and ratings[0]["lo"] == 0 == ratings[0]["hi"], "anchor")
    check(ratings[1]["lo"] <= ratings[1]["rating"] <= ratings[1]["hi"], "rating interval",
          ratings)
    # seed 5 is checked: greedy wins more, and is rated above random
    check(standings["greedy"]["share"] > standings["random"]["share"], "strength", standings)
    check(ratings[1]["rating"] > 0, "greedy rated above random", ratings)
    check(sum(c["moves"] for c in doc["cpu"]) == sum(g["moves"] for g in games), "moves timed",
          doc["cpu"])
    # game i is simulate's game i with its lineup: `play --seed` replays it
    first = games[0]
    (code, pout, perr), _ = play("--seed", first["seed"], "--bots", "random,greedy")
    expect(code, (pout, perr), EXIT_OK)
    check(scores_of(pout) == [float(s) for s in first["scores"]], "play --seed", pout, first)
    out = os.path.join(TMP, "tournament.json")
    code, stdout, err = tournament("--games", "8", "--format", "json", "-o", out)
    expect(code, (stdout, err), EXIT_OK)
    check(stdout == "" and json.loads(read(out))["games_played"] == 8, "-o", stdout)


@test
def tournament_errors():
    code, out, err = tournament("--games", "1")
    expect(code, (out, err), EXIT_USAGE)
    check("at least 2, the number of lineups" in err, "games < lineups message", err)
    code, out, err = run("tournament", DEF, "--players", "4", "--games", "23", "--bots",
                         "random,greedy,mcts:iterations=5")
    expect(code, (out, err), EXIT_USAGE)
    check("at least 24" in err, "lineups of 3 bots for 4 players", err)
    for bots in ("random", "random,random", "nosuchbot,greedy", "random,mcts:bogus=1"):
        code, out, err = run("tournament", DEF, "--games", "10", "--bots", bots)
        expect(code, (out, err, bots), EXIT_USAGE)
        check("--bots" in err or "bot" in err, "bots message", bots, err)
    for args in (("--format", "csv"), ("--jobs", "-1"), ("--seed", "x"), ("--players", "9")):
        code, out, err = tournament("--games", "4", *args)
        expect(code, (out, err, args), EXIT_USAGE)
    code, out, err = run("tournament", DEF, "--games", "4")
    expect(code, (out, err), EXIT_USAGE)
    check("--bots is required" in err, "no --bots message", err)
    code, out, err = run("tournament", DEF, "--bots", "random,greedy")
    expect(code, (out, err), EXIT_USAGE)
    code, out, err = run("tournament", os.path.join(TMP, "missing.yaml"), "--games", "4",
                         "--bots", "random,greedy")
    expect(code, (out, err), EXIT_IO)


@test
def export_sheets():
    pdf = os.path.join(TMP, "tiles.pdf")
    code, out, err = run("export", DEF, "--what", "tiles", "--paper", "a4", "--bleed", "3mm",
                         "--crop-marks", "-o", pdf)
    expect(code, (out, err), EXIT_OK)
    with open(pdf, "rb") as f:
        check(f.read(5) == b"%PDF-", "not a PDF")
    # 46 mm with their bleed, bleed to bleed inside 6 mm margins: 4 x 6 a page
    check("4 pages" in err, "75 tiles of 40 mm fill 4 A4 pages", err)
    # a PNG that cannot be written: exit 5 with the system's reason
    code, out, err = run("export", DEF, "--what", "cards", "--format", "png", "--dpi", "20",
                         "-o", os.path.join(TMP, "no-such-folder", "cards.png"))
    expect(code, (out, err), EXIT_IO)
    check("No such file or directory" in err and "no-such-folder" in err, "no reason", err)
    code, out, err = run("export", DEF, "--paper", "tabloidish", "-o", pdf)
    expect(code, (out, err), EXIT_USAGE)
    check("unknown paper" in err, err)
    code, out, err = run("export", DEF, "--what", "tiles")
    expect(code, (out, err), EXIT_USAGE)


@test
def export_faces():
    # a face naming an image that is not there: file, line and column, exit 3
    folder = os.path.join(TMP, "faces")
    os.makedirs(folder)
    with open(DEF) as f:
        text = f.read()
    text = text[:text.index("\nvariant:") + 1]
    text += ("faces:\n"
             "  card:\n"
             "    - {type: rect, fill: \"{color|#383d4d}\", bleed: true}\n"
             "    - {type: image, file: \"art/{id}.png\"}\n"
             "    - {type: text, text: \"{title}\", size: 14, color: \"#ffffff\"}\n")
    game = os.path.join(folder, "game.yaml")
    write(game, text)
    line = text.count("\n", 0, text.index("art/{id}")) + 1
    pdf = os.path.join(folder, "cards.pdf")
    code, out, err = run("export", game, "--what", "cards", "-o", pdf)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(re.search(r"game\.yaml:%d:\d+: error: image 'art/size-3\.png' of card 'size-3'" % line, err),
          "no position for the missing image", err)
    check(not os.path.exists(pdf), "a sheet was written")
    code, out, err = run("validate", game)
    expect(code, (out, err), EXIT_INVALID_FILE)
    # with the images there, the cards print, nine to a page
    os.makedirs(os.path.join(folder, "art"))
    with open(os.path.join(folder, "art", "plain.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                '<rect width="10" height="10" fill="#808080"/></svg>')
    text = text.replace("art/{id}.png", "art/plain.svg")
    write(game, text)
    code, out, err = run("export", game, "--what", "cards", "-o", pdf)
    expect(code, (out, err), EXIT_OK)
    check("2 pages" in err, "15 cards make 2 pages", err)
    # the layout's options are checked
    for args, words in ((("--shared-cuts", "some"), "--shared-cuts"),
                        (("--duplex-edge", "top"), "--duplex-edge"),
                        (("--back-offset", "1"), "--back-offset")):
        code, out, err = run("export", game, "-o", pdf, *args)
        expect(code, (out, err), EXIT_USAGE)
        check(words in err, words, err)
    code, out, err = run("export", game, "--what", "tiles", "--duplex", "--duplex-edge", "short",
                         "--back-offset", "0.5,-1", "-o", pdf)
    expect(code, (out, err), EXIT_OK)
    check("8 pages" in err, "4 pages of tiles and 4 of their backs", err)


def blokus():
    return os.path.join(DATADIR, "games", "blokus-shuffle.yaml")


def tts_deck(path):
    """The deck of a Tabletop Simulator export and its DeckIDs, checked."""
    with open(path, encoding="utf-8") as f:
        saved = json.load(f)
    decks = [o for o in saved["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]
    check(len(decks) == 1, "one deck", saved["ObjectStates"][:1])
    deck = decks[0]
    ids = deck.get("DeckIDs", [deck.get("CardID")])
    cards = deck["ContainedObjects"] if deck["Name"] == "DeckCustom" else [deck]
    check(len(cards) == len(ids), "a card per id")
    for card, cid in zip(cards, ids):
        check(card["CardID"] == cid and str(cid // 100) in card["CustomDeck"], card)
    for key, sheet in deck["CustomDeck"].items():
        face = sheet["FaceURL"]
        check(face.startswith("file:///") and face.endswith(f"-faces-{key}.png"), face)
        check(os.path.exists(face[len("file://"):]), "no face sheet", face)
        n = sum(1 for i in ids if i // 100 == int(key))
        check(n <= 69 and sheet["NumWidth"] * sheet["NumHeight"] >= n + 1, sheet, n)
        check(sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False, sheet)
    return deck, ids


@test
def export_tabletop_simulator():
    folder = os.path.join(TMP, "tts")
    os.makedirs(folder)
    out_json = os.path.join(folder, "colorblock.json")
    code, out, err = run("export", DEF, "--format", "tts", out_json)
    expect(code, (out, err), EXIT_OK)
    check("15 cards on 1 sheet, 75 tiles" in err, err)
    deck, ids = tts_deck(out_json)
    check(deck["Name"] == "DeckCustom" and deck["Nickname"] == "Colorblock", deck["Nickname"])
    check(ids == list(range(100, 115)), ids)
    check(deck["CustomDeck"]["1"]["NumWidth"] == 10 and deck["CustomDeck"]["1"]["NumHeight"] == 2,
          deck["CustomDeck"])
    with open(out_json, encoding="utf-8") as f:
        tiles = [o for o in json.load(f)["ObjectStates"] if o["Name"] == "Custom_Tile"]
    check(len(tiles) == 75, len(tiles))
    check(tiles[0]["CustomImage"]["CustomTile"]["Type"] == 0, tiles[0])
    for name in ("colorblock-faces-1.png", "colorblock-back.png", "colorblock-tiles-back.png",
                 "colorblock-tile-full-r.png"):
        with open(os.path.join(folder, name), "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n", name)
    check(temp_files(folder) == [], "temporary files left", os.listdir(folder))

    # Blokus Shuffle's 14 cards, at 50 DPI, the first spelling (--tts) with -o
    out_json = os.path.join(folder, "blokus.json")
    code, out, err = run("export", blokus(), "--tts", "--what", "cards", "--dpi", "50",
                         "-o", out_json)
    expect(code, (out, err), EXIT_OK)
    deck, ids = tts_deck(out_json)
    check(ids == list(range(100, 114)), ids)
    check(not os.path.exists(os.path.join(folder, "blokus-tiles-back.png")), "tiles with --what cards")

    # 84 copies: a full sheet of 69 and one of 15
    with open(DEF, encoding="utf-8") as f:
        text = f.read()
    big = write("big.yaml", text.replace("points: 1, title: Three}",
                                         "points: 1, count: 70, title: Three}", 1))
    out_json = os.path.join(folder, "big.json")
    code, out, err = run("export", big, "--format", "tts", "--what", "cards", "--dpi", "20",
                         out_json)
    expect(code, (out, err), EXIT_OK)
    check("84 cards on 2 sheets" in err, err)
    deck, ids = tts_deck(out_json)
    check(ids == list(range(100, 169)) + list(range(200, 215)), ids)
    check(deck["CustomDeck"]["1"]["NumWidth"] == 10 and deck["CustomDeck"]["1"]["NumHeight"] == 7,
          deck["CustomDeck"]["1"])

    # one card is a Card, on a sheet of 2x1 (the card and the hidden face)
    head, cards = text.split("\ncards:\n", 1)
    cards, tail = cards.split("\n\n", 1)
    lines = cards.split("\n")
    first = next(i for i, l in enumerate(lines) if l.startswith("  - "))
    for i, line in enumerate(lines):
        if i > first and line.startswith("  - {"):
            lines[i] = line.replace("{", "{count: 0, ", 1)
        elif i > first and line.startswith("  - "):
            lines[i] = line + "\n    count: 0"
    one = write("one-card.yaml", head + "\ncards:\n" + "\n".join(lines) + "\n\n" + tail)
    out_json = os.path.join(folder, "one.json")
    code, out, err = run("export", one, "--format", "tts", "--what", "cards", "--dpi", "20",
                         out_json)
    expect(code, (out, err), EXIT_OK)
    deck, ids = tts_deck(out_json)
    check(deck["Name"] == "Card" and ids == [100], deck)
    check(deck["CustomDeck"]["1"]["NumWidth"] == 2 and deck["CustomDeck"]["1"]["NumHeight"] == 1,
          deck["CustomDeck"])

    # refusals: not a .json name, too many pixels, a folder that is not there
    code, out, err = run("export", DEF, "--format", "tts", os.path.join(folder, "deck.png"))
    expect(code, (out, err), EXIT_USAGE)
    check(".json" in err, err)
    code, out, err = run("export", DEF, "--format", "tts", "--dpi", "600",
                         os.path.join(folder, "huge.json"))
    expect(code, (out, err), EXIT_USAGE)
    check("--dpi 403 or less" in err, err)
    code, out, err = run("export", DEF, "--format", "tts",
                         os.path.join(folder, "missing", "deck.json"))
    expect(code, (out, err), EXIT_IO)
    check("No such file or directory" in err, err)
    code, out, err = run("export", "--help")
    check("tts" in out, "export --help does not list tts", out)


@test
def blksgf_round_trip():
    record = os.path.join(TMP, "classic.yaml")
    code, out, err = run("play", blokus(), "--players", "4", "--set", "cards=false",
                         "--seed", "5", "--bots", "random", "--record", record)
    expect(code, (out, err), EXIT_OK)
    sgf = os.path.join(TMP, "classic.blksgf")
    code, out, err = run("export", record, "--format", "blksgf", "-o", sgf)
    expect(code, (out, err), EXIT_OK)
    text = read(sgf)
    check(text.startswith("(;FF[4]") and "GM[Blokus]" in text, text[:200])
    back = os.path.join(TMP, "back.yaml")
    code, out, err = run("import", sgf, "-o", back)
    expect(code, (out, err), EXIT_OK)
    code, out1, err = run("replay", record)
    code2, out2, err2 = run("replay", back)
    expect(code2, (out2, err2), EXIT_OK)
    # the same final position: the same scores (the record may lack closing passes)
    check(json.loads(out1)["scores"] == json.loads(out2)["scores"], out1, out2)
    # a game with cards has no .blksgf form
    cards = os.path.join(TMP, "cards.yaml")
    code, out, err = run("play", blokus(), "--players", "4", "--seed", "5", "--record", cards)
    code, out, err = run("export", cards, "--format", "blksgf", "-o", sgf)
    expect(code, (out, err), EXIT_INVALID_FILE)
    bad = write("bad.blksgf", "(;GM[Blokus];1[a20];2[t20];3[t1];4[a1];1[b20])")
    code, out, err = run("import", bad)
    expect(code, (out, err), EXIT_ILLEGAL_MOVE)
    check("bad.blksgf:1:" in err and "move 5" in err, err)
    # a megabyte of move value is quoted as a short excerpt, once
    huge = write("huge.blksgf", "(;GM[Blokus];1[" + "a" * 1200000 + "])")
    code, out, err = run("import", huge)
    expect(code, (out, err), EXIT_ILLEGAL_MOVE)
    check("huge.blksgf:1:" in err and len(err) < 1000, "long message", len(err), err[:300])
    # a hand-written Blokus Duo record: imported onto the bundled blokus-duo.yaml
    # and exported again, the same moves in the same colours
    duo_moves = ";B[e10,e11,e12,e13,e14];W[j3,k3,j4,j5];B[f8,g8,f9,g9];W[k6,l6,m6]"
    duo = write("duo.blksgf", "(;FF[4]GM[Blokus Duo]" + duo_moves + ")")
    duo_yaml = os.path.join(TMP, "duo.yaml")
    code, out, err = run("import", duo, "-o", duo_yaml)
    expect(code, (out, err), EXIT_OK)
    check("Blokus Duo" in read(duo_yaml), read(duo_yaml)[:300])
    code, out, err = run("export", duo_yaml, "--format", "blksgf")
    expect(code, (out, err), EXIT_OK)
    check("GM[Blokus Duo]" in out and out.replace("\n", "").endswith(duo_moves + ")"), out)


@test
def long_values_quoted_short():
    # a record whose first move is a megabyte long: a short excerpt in the message
    record = os.path.join(TMP, "long-move.yaml")
    (code, out, err), args = play("--record", record, "--bots", "random")
    expect(code, (args, err), EXIT_OK)
    first = moves_of(out)[0]
    text = read(record).replace("- " + first + "\n", "- " + "x" * 1000000 + "\n", 1)
    check("x" * 1000 in text, "move not replaced", first)
    code, out, err = run("replay", write("long-move.yaml", text))
    expect(code, (out, err), EXIT_ILLEGAL_MOVE)
    check(":1" in err and "x" * 20 in err and len(err) < 1000, "long message", len(err), err[:300])
    (code, out, err), args = play("--moves", "y" * 100000)  # (the most one argument holds)
    expect(code, (args, err), EXIT_ILLEGAL_MOVE)
    check(len(err) < 1000, "long message", len(err), err[:300])


@test
def gtp_session():
    commands = "\n".join([
        "protocol_version", "name", "set_game Blokus", "play 1 a20", "10 genmove 2",
        "known_command reg_genmove", "known_command nonsense", "play 3 a20",
        "set_game Blokus Trigon", "final_score", "undo", "quit", ""])
    proc = subprocess.run([CLI, "gtp", blokus(), "--bot", "greedy"], input=commands.encode(),
                          capture_output=True, timeout=120)
    expect(proc.returncode, (proc.stdout, proc.stderr), EXIT_OK)
    replies = proc.stdout.decode().split("\n\n")
    check(replies[0] == "= 2" and replies[1] == "= Tilewright", replies)
    check(replies[2] == "=" and replies[3] == "=", replies)
    check(re.match(r"^=10 [a-t]\d+(,[a-t]\d+)*$", replies[4]) is not None, replies[4])
    check(replies[5] == "= true" and replies[6] == "= false", replies)
    check(replies[7].startswith("? illegal move"), replies[7])
    check(replies[8].startswith("? unsupported game"), replies[8])
    check(re.match(r"^= -?\d+ -?\d+ -?\d+ -?\d+$", replies[9]) is not None, replies[9])
    check(replies[10] == "=", replies[10])
    check(replies[11] == "=", replies[11])


class Engine:
    """tilewright-cli gtp as a controller drives it: one command, one reply."""

    def __init__(self, *extra, definition=None):
        self.proc = subprocess.Popen([CLI, "gtp", definition or blokus(), *extra],
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            check(line != "", "the engine closed its output", command, lines)
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        check(text[:1] in "=?", "not a GTP reply", command, text)
        return text[0] == "=", text[1:].lstrip(" ")

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=30)


@test
def gtp_full_game_pentobi_meaning():
    """A controller written for Pentobi: it names the colour it wants (a colour
    that cannot move is simply not named again), plays a whole game, and reads
    final_score as Pentobi's points: squares placed (+15 all placed, +5 more
    if the monomino came last)."""
    for game in ("Blokus", "Blokus Two-Player", "Blokus Three-Player"):
        gtp_full_game(game, save=game == "Blokus")
    # a game type Pentobi plays and this module does not: refused with the list
    engine = Engine("--bot", "random")
    ok, why = engine.send("set_game Blokus Trigon")
    check(not ok and "unsupported game" in why and "Blokus Duo" in why, "set_game Trigon", why)
    engine.close()


@test
def gtp_blokus_duo():
    """set_game Blokus Duo on the engine of the four-colour definition plays on
    the bundled two-colour one: colours b and w (Pentobi's), the first piece of
    each on its start point (e10, j5), a whole game to final_score as Pentobi
    counts it, savesgf writes GM[Blokus Duo] with B and W moves, and the
    engine goes back to four colours with set_game Blokus."""
    engine = Engine("--bot", "random")
    check(engine.send("set_game Blokus Duo") == (True, ""), "set_game Blokus Duo")
    ok, why = engine.send("genmove 1")
    check(not ok and "unknown colour '1' (b or w)" in why, "Duo's colours are b and w", why)
    ok, why = engine.send("play w j5")
    check(not ok and "colour B is to move" in why, "purple (B) opens", why)
    ok, legal = engine.send("all_legal b")
    check(ok and legal != "" and all("e10" in m.split(",") for m in legal.split("\n")),
          "every first move of B covers e10", legal[:200])
    ok, why = engine.send("play b a14")
    check(not ok and "start point" in why, "a first piece off the start point", why)
    def pick(n, legal):
        if n == 1:
            check(all("j5" in m.split(",") for m in legal), "W's first piece covers j5", legal[:9])
        return sorted(legal)[-1]

    squares, last, moves = gtp_play_out(engine, "bw", pick)
    points = pentobi_points(squares, last)
    diff = points["b"] - points["w"]
    want = "0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"
    check(engine.send("final_score") == (True, want), "Duo final_score", want)
    sgf = os.path.join(TMP, "gtp-duo.blksgf")
    check(engine.send(f"savesgf {sgf}")[0], "savesgf")
    text = read(sgf)
    check("GM[Blokus Duo]" in text and text.count(";B[") + text.count(";W[") == moves
          and ";1[" not in text, "savesgf: Pentobi's Duo record", text[:200])
    check(engine.send("set_game Blokus")[0], "back to four colours")
    check(engine.send("play 1 a20")[0], "classic Blokus again")
    # loadsgf of a Duo record on the four-colour engine: the Duo position
    check(engine.send(f"loadsgf {sgf} 2")[0], "loadsgf Duo")
    ok, legal = engine.send("all_legal w")
    check(ok and legal != "" and all("j5" in m.split(",") for m in legal.split("\n")),
          "loadsgf 2: W opens on j5", legal[:200])
    engine.close()
    # the engine of the Duo definition starts in Duo
    engine = Engine("--bot", "greedy", definition=os.path.join(DATADIR, "games", "blokus-duo.yaml"))
    ok, move = engine.send("genmove black")
    check(ok and "e10" in move.split(","), "genmove on blokus-duo.yaml", move)
    ok, why = engine.send("set_game Blokus")
    check(ok, "set_game Blokus from the Duo definition", why)
    engine.close()


@test
def gtp_game_option():
    """--game starts the engine in a game set_game names (Pentobi's
    --game classic_2): in Blokus Two-Player, from the first command, colours 1
    and 3 play for one side and final_score says by how much a side leads
    (B+n); an unknown name is a usage error."""
    engine = Engine("--bot", "random", "--game", "Blokus Two-Player")
    ok, why = engine.send("genmove b")
    check(not ok and "unknown colour 'b'" in why, "a colour by letter", why)
    ok, move = engine.send("genmove 1")
    check(ok and move != "", "genmove 1 in Blokus Two-Player", move)
    ok, score = engine.send("final_score")
    check(ok and re.match(r"^(0|[BW]\+\d+)$", score) is not None, "the sides' result", score)
    engine.close()
    proc = subprocess.run([CLI, "gtp", blokus(), "--game", "Blokus Trigon"], input=b"",
                          capture_output=True)
    check(proc.returncode == 2 and b"unsupported game" in proc.stderr, "--game Blokus Trigon",
          proc.returncode, proc.stderr)
    proc = subprocess.run([CLI, "gtp", blokus(), "--game", "Blokus Duo"], input=b"final_score\n",
                          capture_output=True)
    check(proc.returncode == 0 and proc.stdout == b"= 0\n\n", "--game Blokus Duo",
          proc.returncode, proc.stdout, proc.stderr)


def gtp_play_out(engine, colors, pick):
    """Plays every colour in turn, the move pick() chooses from its all_legal
    list, until no colour has one (Pentobi's empty answer); the squares each
    colour placed, its last move and the number of moves."""
    squares = {c: 0 for c in colors}
    last = {c: None for c in colors}
    done = set()
    moves = 0
    while len(done) < len(colors):
        for color in colors:
            if color in done:
                continue
            ok, legal = engine.send(f"all_legal {color}")
            check(ok, "all_legal", color, legal)
            if legal == "":
                done.add(color)      # Pentobi's answer for a colour with no move
                continue
            move = pick(moves, legal.split("\n"))
            ok, why = engine.send(f"play {color} {move}")
            check(ok, "a listed move is refused", color, move, why)
            squares[color] += len(move.split(","))
            last[color] = move
            moves += 1
        check(moves < 200, "the game does not end")
    return squares, last, moves


def pentobi_points(squares, last):
    """Pentobi's points of each colour: squares placed, +15 all 89 placed, +5
    more if the monomino came last."""
    return {c: squares[c] + (15 + (5 if "," not in last[c] else 0) if squares[c] == 89 else 0)
            for c in squares}


def gtp_full_game(game, save):
    engine = Engine("--bot", "random")
    ok, _ = engine.send(f"set_game {game}")
    check(ok, f"set_game {game}")
    # out of turn while the colour to move can still move: refused, naming it
    ok, why = engine.send("play 3 a1")
    check(not ok and "colour 1 is to move" in why, "out-of-turn play", why)
    squares, last, moves = gtp_play_out(engine, "1234", lambda n, legal: sorted(legal)[0])
    # after the end: genmove passes, nothing is legal, play is refused
    check(engine.send("genmove 1") == (True, "pass"), "genmove after the end")
    check(engine.send("all_legal 2") == (True, ""), "all_legal after the end")
    ok, why = engine.send("play 1 a20")
    check(not ok and "over" in why, "play after the end", why)
    ok, score = engine.send("final_score")
    check(ok, "final_score", score)
    points = pentobi_points(squares, last)
    if game == "Blokus Two-Player":
        # the first player has colours 1 and 3; the result as SGF writes it for Go
        diff = points["1"] + points["3"] - points["2"] - points["4"]
        want = "0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"
    elif game == "Blokus Three-Player":
        want = " ".join(str(points[c]) for c in "123")   # colour 4 is shared: nobody's
    else:
        want = " ".join(str(points[c]) for c in "1234")
    check(score == want, f"{game}: final_score is not Pentobi's", score, want)
    if not save:
        engine.close()
        return
    # savesgf writes the game; loadsgf with a move number goes back before that move
    sgf = os.path.join(TMP, "gtp-game.blksgf")
    check(engine.send(f"savesgf {sgf}")[0], "savesgf")
    check(read(sgf).count(";") == moves + 1, "savesgf: one node per move", read(sgf)[:200])
    check(engine.send(f"loadsgf {sgf} 3")[0], "loadsgf")
    ok, legal = engine.send("all_legal 3")
    check(ok and legal != "", "loadsgf 3: colour 3 to move", legal[:80])
    ok, why = engine.send("play 1 a20")
    check(not ok and "colour 3 is to move" in why, "loadsgf 3 is the position before move 3", why)
    # param: the bot's settings
    ok, params = engine.send("param")
    check(ok, "param", params)
    engine.close()


def main():
    # TW_CLI_TESTS=name,name runs only those (while working on them)
    only = os.environ.get("TW_CLI_TESTS")
    if only:
        names = only.replace("_", "-").split(",")
        tests[:] = [t for t in tests if t.__name__.replace("_", "-") in names]
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
