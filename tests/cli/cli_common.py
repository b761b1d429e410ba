"""Helpers the tilewright-cli end-to-end scripts share (test-cli.py,
test-cli-simulate.py): running the CLI, checking its exit and output, the
bundled definition, a temporary folder, and a TAP runner.

Each script is run as SCRIPT PATH/TO/tilewright-cli; TW_CLI_TESTS=name,name
runs only those tests (while working on them).
"""
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


def run_tests():
    """The TAP run of the tests the calling script declared."""
    if not os.path.exists(DEF):
        print("1..0 # SKIP the bundled colorblock definition is missing")
        return 0
    return main()
