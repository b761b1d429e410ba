#!/usr/bin/python3
"""What a screen reader is told. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

Colorblock, two people, a fixed seed:
 1. every button shown in each view (Design, Lab, Print, then Play with
    its move buttons) is named once, without the mnemonic's underscore:
    GTK 4.8 read a mnemonic button's name twice ("Play Selected Play
    Selected"). Buttons never shown (the welcome page's, behind the game)
    are left out: GTK 4.8 still names those twice, where no screen reader
    reaches them;
 2. the board's description gives each seat's score and what it holds
    beside the board (the module's describe_seat()), and whose turn it is;
 3. with the keyboard's cursor on a target, the description says that
    move in words ("Selected: Player 1 places …") and what it would do to
    the scores;
Blokus Shuffle, two people:
 4. the description says what each colour has left (the pieces beside the
    board), as the module words it.
Screenshots go to OUTDIR/screenshots/a11y-*.png.
"""
import importlib.util
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')
table = smoke.load('table')
design = smoke.load('design')

wait_for = smoke.wait_for
find_all = smoke.find_all

SEED = '77'
N_TESTS = 4
OVERALL_TIMEOUT = 300
BUTTON_ROLES = ('push button', 'toggle button')


def doubled(name):
    """'Hint Hint' or '_Hint Hint': a name that says its label twice."""
    words = name.replace('_', '').split(' ')
    n = len(words)
    return n % 2 == 0 and n > 0 and words[:n // 2] == words[n // 2:]


def shown_buttons(root):
    found = []
    for acc in find_all(root):
        try:
            role, name = acc.get_role_name(), acc.get_name() or ''
        except smoke.GLibError:
            continue
        if role in BUTTON_ROLES and smoke.allocated(acc):
            found.append(name)
    return found


def badly_named(names):
    return [n for n in names if not n or doubled(n) or re.search(r'(^|\s)_\w', n)]


def board_description(page):
    boards = find_all(page, role='image', name='Game board')
    return (boards[0].get_description() or '') if boards else ''


def run_colorblock(tap, args, workdir):
    app_proc, app, main, page = table.start(args, workdir, 'colorblock', 'a11y-cb', SEED)
    table.move_pointer_away(main)

    # 1: the buttons each view shows, named once
    names, views = set(), []
    for view in ('Design', 'Lab', 'Print', 'Play'):
        views.append(design.show_view(main, view))
        time.sleep(0.5)
        names.update(shown_buttons(main))
    bad = badly_named(names)
    tap.result(all(views) and len(names) > 25 and not bad,
               'every button shown in the four views is named once, without a mnemonic '
               'underscore',
               f'views shown {views}; {len(names)} names; named badly: {sorted(bad)[:8]}')

    # 2: scores, holdings and the turn
    desc = wait_for(lambda: (lambda d: d if 'Player 1 to play' in d else None)(
        board_description(page)), timeout=10) or board_description(page)
    seats = [re.search(r'Player %d: 0 points, ([^.]+)\.' % p, desc) for p in (1, 2)]
    tap.result(all(seats) and 'Player 1 to play' in desc,
               'the board\'s description gives each seat\'s score, what it holds, the turn',
               f'description {desc!r}')

    # 3: the keyboard's cursor: the selected move in words and its consequence
    play.keys('Tilewright', 'Down')
    selected = wait_for(lambda: (lambda d: d if 'Selected: Player 1 ' in d else None)(
        board_description(page)), timeout=5) or board_description(page)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'a11y-cursor')
    m = re.search(r'Selected: (Player 1 [^—]+) — ([^.]+)\.', selected)
    tap.result(bool(m) and ('for you' in m.group(2) or 'no change in score' in m.group(2)),
               'with the keyboard\'s cursor on a target, the description says the move in '
               'words and what it does to the scores',
               f'description {selected[-200:]!r}')
    return app_proc


def run_blokus(tap, args, workdir):
    app_proc, app, main, page = table.start(args, workdir, 'blokus-shuffle', 'a11y-bs', SEED)
    desc = wait_for(lambda: (lambda d: d if ' to play' in d else None)(
        board_description(page)), timeout=10) or board_description(page)
    smoke.screenshot(args.outdir, 'a11y-blokus')
    # every colour in play says what it has left beside the board
    said = re.findall(r'(Blue|Yellow|Red|Green)[^.]*?\b(\d+) pieces? left', desc)
    tap.result(len(said) >= 2,
               'Blokus Shuffle\'s description says what each colour has left',
               f'description {desc!r}')
    return app_proc


def main():
    return smoke.run_script([run_colorblock, run_blokus], N_TESTS, 'tw-a11y-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
