#!/usr/bin/python3
"""Count test cases in meson's testlog.json files and print 'N passed, N failed'.

A TAP test contributes one case per 'ok'/'not ok' line ('# SKIP' counted as
skipped); any other test contributes one case by its result.
"""
import json
import re
import sys

passed = failed = skipped = 0
failures = []

def count(entry):
    global passed, failed, skipped
    name = entry.get("name", "?")
    result = entry.get("result", "")
    out = entry.get("stdout") or ""
    cases = [l for l in out.splitlines() if re.match(r"^(not )?ok\b", l)]
    if entry.get("protocol") == "tap" or cases:
        for c in cases:
            if "# SKIP" in c or "# skip" in c:
                skipped += 1
            elif c.startswith("not ok") and "# TODO" not in c:
                failed += 1
                failures.append(f"{name}: {c}")
            else:
                passed += 1
        if result not in ("OK", "SKIP", "EXPECTEDFAIL") and not any(c.startswith("not ok") for c in cases):
            failed += 1
            failures.append(f"{name}: {result}")
    elif result == "SKIP":
        skipped += 1
    elif result in ("OK", "EXPECTEDFAIL"):
        passed += 1
    else:
        failed += 1
        failures.append(f"{name}: {result}")


for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                count(json.loads(line))
    except OSError as e:
        failed += 1
        failures.append(f"{path}: {e.strerror} (a build or test run did not happen)")

for f in failures:
    print("FAILED", f)
tail = f", {skipped} skipped" if skipped else ""
print(f"{passed} passed, {failed} failed{tail}")
sys.exit(1 if failed else 0)
