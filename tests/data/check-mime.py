#!/usr/bin/python3
"""The shared-mime-info file installs cleanly and the desktop file opens its types.

usage: check-mime.py MIME_XML DESKTOP_FILE

update-mime-database builds a MIME database from the file alone in a
temporary directory (it refuses a file that does not follow the schema);
every type the file declares must be matched by its glob there and be named
in the desktop file's MimeType, beside the YAML of definitions and records.
"""
import configparser
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def main():
    mime_xml, desktop = sys.argv[1], sys.argv[2]
    failures = []
    declared = {}
    for t in ET.parse(mime_xml).getroot().findall(NS + "mime-type"):
        declared[t.get("type")] = [g.get("pattern") for g in t.findall(NS + "glob")]
        if not t.findall(NS + "comment"):
            failures.append(f"{t.get('type')}: no comment")
    if not declared:
        failures.append("no mime-type declared")

    with tempfile.TemporaryDirectory() as tmp:
        packages = os.path.join(tmp, "mime", "packages")
        os.makedirs(packages)
        shutil.copy(mime_xml, os.path.join(packages, "tilewright.xml"))
        run = subprocess.run(["update-mime-database", "-V", os.path.join(tmp, "mime")],
                             capture_output=True, text=True)
        if run.returncode != 0 or "error" in run.stderr.lower():
            failures.append("update-mime-database: " + run.stderr.strip())
        globs = {}
        with open(os.path.join(tmp, "mime", "globs2")) as f:
            for line in f:
                if line.startswith("#"):
                    continue
                _, mime, pattern = line.strip().split(":", 2)
                globs[pattern] = mime
    for mime, patterns in declared.items():
        for p in patterns:
            if globs.get(p) != mime:
                failures.append(f"{p}: the database says {globs.get(p)}, not {mime}")

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(desktop)
    opens = set(filter(None, entry["Desktop Entry"].get("MimeType", "").split(";")))
    for mime in list(declared) + ["application/x-yaml"]:
        if mime not in opens:
            failures.append(f"the desktop file's MimeType lacks {mime}")

    for f in failures:
        print("not ok:", f)
    print(f"{len(declared)} types checked, {len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
