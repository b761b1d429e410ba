#!/usr/bin/python3
"""Fails when po/POTFILES misses a file with translatable strings, or lists one
that does not exist (xgettext would then fail when the catalogue is updated).

Usage: check-potfiles.py SOURCE_ROOT
Scans src/ and ui/ for _(" N_(" C_(" NC_(" and translatable="yes", and checks
that the desktop file and metainfo templates under data/ are listed too.
"""
import pathlib
import re
import sys

MARKED = re.compile(r'(?:^|[^A-Za-z0-9_])(?:N|C|NC|Q)?_\(\s*"|translatable="yes"')
SCANNED_SUFFIXES = {'.c', '.h', '.ui', '.py'}


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
    potfiles = root / 'po' / 'POTFILES'
    listed = set()
    for line in potfiles.read_text(encoding='utf-8').splitlines():
        line = line.strip()
        if line and not line.startswith('#'):
            listed.add(line)

    problems = []
    for name in sorted(listed):
        if not (root / name).is_file():
            problems.append(f'po/POTFILES lists {name}, which does not exist')

    needed = []
    for top in ('src', 'ui'):
        for path in sorted((root / top).rglob('*')):
            if path.is_file() and path.suffix in SCANNED_SUFFIXES:
                if MARKED.search(path.read_text(encoding='utf-8', errors='replace')):
                    needed.append(path.relative_to(root).as_posix())
    for pattern in ('*.desktop.in', '*.metainfo.xml.in', '*.gschema.xml'):
        needed += [p.relative_to(root).as_posix() for p in sorted((root / 'data').glob(pattern))]

    for name in needed:
        if name not in listed:
            problems.append(f'{name} has translatable strings but is missing from po/POTFILES')

    for problem in problems:
        print(problem, file=sys.stderr)
    print(f'{len(needed)} files with translatable strings checked, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
