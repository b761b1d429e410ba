#!/usr/bin/python3
"""Fails when a renderer reaches past its game's public view.

Usage: check-layers.py SOURCE_ROOT
Every file under src/render/ may include a game's <prefix>-view.h (named from
src/core, games/<game>/<prefix>-view.h) but no *-private.h, and
src/render/meson.build may not put a game folder on the include path, where
the private headers would be one #include away.
"""
import pathlib
import re
import sys

PRIVATE = re.compile(r'^\s*#\s*include\s+["<][^">]*-private\.h[">]', re.M)
GAME_DIR = re.compile(r"include_directories\([^)]*core/games", re.S)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.').resolve()
    render = root / 'src' / 'render'
    problems = []
    for path in sorted(render.glob('*.[ch]')):
        text = path.read_text(encoding='utf-8')
        for match in PRIVATE.finditer(text):
            line = text.count('\n', 0, match.start()) + 1
            problems.append(f'{path.relative_to(root)}:{line}: includes a private header; '
                            'include the game\'s games/<game>/<prefix>-view.h instead')
    build = render / 'meson.build'
    if GAME_DIR.search(build.read_text(encoding='utf-8')):
        problems.append(f'{build.relative_to(root)}: names a game folder in include_directories; '
                        'renderers include games/<game>/<prefix>-view.h from src/core')
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
