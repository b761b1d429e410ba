#!/usr/bin/python3
"""tilewright-cli end to end: every command, its output and its exit code
(simulate, merge, sweeps and tune are in test-cli-simulate.py).

Usage: test-cli.py PATH/TO/tilewright-cli   (TAP on stdout)

Game-agnostic: moves are taken from the CLI's own output, and broken files
are made by adding to a good one, never by knowing a game's notation.
"""
import glob
import hashlib
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


@test
def german_messages():
    """With LANGUAGE=de the CLI's messages and --help are German (po/de.po,
    compiled into the build tree's po/, where TILEWRIGHT_LOCALEDIR points);
    C.UTF-8 is built into glibc, so no locale has to be generated, and
    glibc honours LANGUAGE under any locale but plain C."""
    german = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    german.update(LANG="C.UTF-8", LANGUAGE="de")

    def run_german(*args):
        proc = subprocess.run([CLI, *args], capture_output=True, timeout=120, env=german)
        return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
                proc.stderr.decode("utf-8", "replace"))

    broken = write("broken-de.yaml", read(DEF) + "\nno-such-section-here: 1\n")
    code, out, err = run_german("validate", broken)
    expect(code, (out, err), EXIT_INVALID_FILE)
    # the form tools read stays; the message and the hint are German
    check(POSITION.search(err), "no file:line:col: error: in the German message", err)
    check("unbekannter Schlüssel 'no-such-section-here'" in err, "the problem is not German", err)
    check("(bekannte Schlüssel: " in err, "the hint is not German", err)

    code, out, err = run_german("frobnicate")
    expect(code, (out, err), EXIT_USAGE)
    check("unbekannter Befehl „frobnicate“" in err, "usage error not German", err)
    check("Versuchen Sie „tilewright-cli --help“." in err, "the advice is not German", err)

    code, out, err = run_german("--help")
    expect(code, (out, err), EXIT_OK)
    check(out.startswith("Aufruf:") and "Befehle:" in out and "Exit-Status:" in out,
          "--help is not German", out)

    # the same file in the C locale: English, as everywhere else in these tests
    code, out, err = run("validate", broken)
    check("unknown key 'no-such-section-here'" in err, "the C locale is not English", err)


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
        # the expression vocabulary, where the module has one, query by query
        vocabulary = doc["expressions"]
        if vocabulary is not None:
            check(f"\nExpressions (doc/definition-format.md): in {vocabulary['where']}\n" in out,
                  "expressions heading", doc["module"])
            for q in vocabulary["queries"]:
                sig = q["name"] + (f"({'|'.join(q['arguments'])})" if q["arguments"] else "")
                check(f"\n    {sig}: {q['type']} — {q['description']}\n" in out,
                      "query missing from text", sig)
            for r in vocabulary["records"]:
                for f in r["fields"]:
                    check(f"\n    .{f['name']}: {f['type']} — " in out, "field missing", r["name"], f)


@test
def rules_expressions():
    """`rules MODULE --format json`: the modules whose definitions may write
    expressions list their vocabulary (Colorblock's goals, Blokus Shuffle's
    advanced scoring, Color Shift's and Block 2 Block's end scoring,
    Colorfield's round-bonus tools), every query and field with a type and a
    description; definitions written with them load."""
    have = {}
    for path in bundled_definitions():
        doc = json.loads(run("rules", path, "--format", "json")[1])
        have[doc["module"]] = doc["expressions"]
    for module in ("colorblock", "blokus-shuffle", "color-shift", "block-2-block", "colorfield"):
        v = have.get(module)
        check(v is not None and v["where"] and v["queries"], "no vocabulary", module, v)
        if v is None:
            continue
        for q in v["queries"]:
            check(q["name"] and q["type"] and q["description"], "query", module, q)
        for r in v["records"]:
            check(r["name"] and r["fields"], "record", module, r)
            for f in r["fields"]:
                check(f["name"] and f["type"] and f["description"], "field", module, f)
    names = {q["name"] for q in have["color-shift"]["queries"]}
    check({"meeples", "areas"} <= names, "Color Shift's queries", names)
    names = {q["name"] for q in have["colorfield"]["queries"]}
    check({"tiles", "sides", "swaths", "specialty", "tokens_left"} <= names, "Colorfield's queries",
          names)
    check("round-bonus" in have["colorfield"]["where"], "Colorfield's where",
          have["colorfield"]["where"])
    for name in ("color-shift-expressions.yaml", "colorfield-expressions.yaml"):
        code, out, err = run("validate", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "..", "data-files", name))
        expect(code, (name, out, err), EXIT_OK)


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
def ids_the_notation_reserves():
    with open(DEF, encoding="utf-8") as f:
        text = f.read()
    # Colorblock reads "pick" as its draft move: refused at the id
    bad = write("pick.yaml", text.replace("{id: full-r,", "{id: pick,", 1))
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "{id: full-r," in l)
    col = text.splitlines()[line - 1].index("full-r") + 1
    code, out, err = run("validate", bad)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(f"pick.yaml:{line}:{col}: " in err and "Colorblock's notation reads it as" in err
          and "choose another id" in err, err)
    # Color Shift's keywords are ordinary ids here: a game's moves, read back by --moves
    good = write("keywords.yaml", text.replace("{id: full-r,", "{id: move,", 1)
                 .replace("{id: full-g,", "{id: shift,", 1).replace("{id: full-b,", "{id: meeple,", 1))
    code, out, err = run("validate", good)
    expect(code, (out, err), EXIT_OK)
    args = ("play", good, "--players", "2", "--seed", "42", "--bots", "random")
    code, out, err = run(*args)
    expect(code, (out, err), EXIT_OK)
    moves = moves_of(out)
    check(any(m.split()[0] in ("move", "shift", "meeple") for m in moves), "no renamed tile played",
          moves)
    code, again, err = run(*args, "--moves", "; ".join(moves))
    expect(code, (again, err), EXIT_OK)
    check(moves_of(again) == moves, "the moves did not read back", again[:300])


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
            # what the seat has left beside the board, in words: every bundled game says it
            check(seat.get("holds") and "." not in seat["holds"], name, "holds", rout)
        if name == "blokus-shuffle":
            check(all(re.match(r"[A-Z][a-z]+: \d+ pieces? left, \d+ squares?", seat["holds"])
                      for seat in result["breakdown"]), name, rout)
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


def manifest_files(manifest):
    """The files an export's manifest lists, each checked as doc/cli.md tells
    a reader to: there, with the size and SHA-256 listed."""
    folder = os.path.dirname(manifest)
    with open(manifest, encoding="utf-8") as f:
        lines = f.read().split("\n")
    check(lines[0] == "# Tilewright export manifest 1", "manifest header", lines[:1])
    names = []
    for line in lines[1:]:
        if not line or line.startswith("#"):
            continue
        digest, size, name = line.split("  ", 2)
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        check(len(data) == int(size), "size", name, len(data), size)
        check(hashlib.sha256(data).hexdigest() == digest, "sha256", name)
        names.append(name)
    return names


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
    pages = sorted(p for p in os.listdir(folder) if p != "sheet.png.manifest")
    check(len(pages) > 1 and all(re.fullmatch(r"sheet-\d+\.png", p) for p in pages),
          "pages", pages)
    manifest = os.path.join(folder, "sheet.png.manifest")
    check(sorted(manifest_files(manifest)) == pages, "the manifest lists the pages")
    code, out, err = run("export", "--check", manifest)
    expect(code, (out, err), EXIT_OK)
    check(f"complete, {len(pages)} files as listed" in out, out)
    # a page that cannot be written (a folder in its place): no page is
    # replaced, nor the manifest
    before = {p: os.stat(os.path.join(folder, p)).st_mtime_ns
              for p in pages + ["sheet.png.manifest"]}
    os.unlink(os.path.join(folder, pages[-1]))
    os.mkdir(os.path.join(folder, pages[-1]))
    code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "20",
                         "-o", sheet)
    expect(code, (out, err), EXIT_IO)
    for p in pages[:-1] + ["sheet.png.manifest"]:
        check(os.stat(os.path.join(folder, p)).st_mtime_ns == before[p], "a page was replaced", p)
    # the old manifest names the page that is now a folder: incomplete, exit 3
    code, out, err = run("export", "--check", manifest)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check(f"'{pages[-1]}' cannot be read" in err and "incomplete" in err, err)
    os.rmdir(os.path.join(folder, pages[-1]))
    # what a kill between two renames leaves: a page of another export
    code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "21",
                         "-o", os.path.join(folder, "other.png"))
    expect(code, (out, err), EXIT_OK)
    shutil.copyfile(os.path.join(folder, "other-1.png"), os.path.join(folder, "sheet-1.png"))
    code, out, err = run("export", "--check", manifest)
    expect(code, (out, err), EXIT_INVALID_FILE)
    check("sheet.png.manifest:5:1: 'sheet-1.png' is not the file listed" in err, err)
    code, out, err = run("export", "--check", os.path.join(folder, "none.manifest"))
    expect(code, (out, err), EXIT_IO)
    # a kill between two renames, made with strace's fault injection (on the
    # second rename: page 1 is new, the rest and the manifest old): the check
    # says so, and the next export completes and removes the killed one's
    # temporary files
    code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "20",
                         "-o", sheet)
    expect(code, (out, err), EXIT_OK)
    strace = shutil.which("strace")
    killed = None
    if strace:
        calls = "rename,renameat,renameat2"
        killed = subprocess.run([strace, "-f", "-qq", "-o", os.devnull, "-e", "trace=" + calls,
                                 "-e", f"inject={calls}:signal=SIGKILL:when=2", CLI, "export",
                                 DEF, "--what", "tiles", "--format", "png", "--dpi", "21",
                                 "-o", sheet], capture_output=True, timeout=120)
    if killed is not None and killed.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL):
        check(temp_files(folder) != [], "the killed export left no temporary file (not killed?)")
        code, out, err = run("export", "--check", manifest)
        expect(code, (out, err), EXIT_INVALID_FILE)
        check("'sheet-1.png' is not the file listed" in err, err)
        code, out, err = run("export", DEF, "--what", "tiles", "--format", "png", "--dpi", "21",
                             "-o", sheet)
        expect(code, (out, err), EXIT_OK)
        code, out, err = run("export", "--check", manifest)
        expect(code, (out, err), EXIT_OK)
        check(temp_files(folder) == [], "temporary files left", os.listdir(folder))
    else:
        print("# export-is-atomic: no strace that can inject faults here, the kill is not tried")
    code, out, err = run("export", "--check", manifest, "extra")
    expect(code, (out, err), EXIT_USAGE)
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
    # the manifest, last, lists every file of the export and only those
    listed = manifest_files(out_json + ".manifest")
    check(sorted(listed) == sorted(f for f in os.listdir(folder) if not f.endswith(".manifest")),
          "the manifest lists the export's files", listed)
    check("files" in err and f"{len(listed) + 1} files" in err, "files counted", err)

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


if __name__ == "__main__":
    sys.exit(run_tests())
