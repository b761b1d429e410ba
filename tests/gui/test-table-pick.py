#!/usr/bin/python3
"""Clicking to pick a component up, and the keyboard on the board. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

Blokus Shuffle, two people, a fixed seed:
 1. a click (no drag) on a piece in the tray of the colour to move picks it
    up: the panel says so, the piece is outlined and the places it can go
    are marked on the board (measured by their colour in a screenshot);
 2. pointing at a marked place previews that piece there; R turns it (the
    same piece, other cells), A puts another piece there (another piece id);
 3. a click there plays exactly the move previewed;
Colorblock:
 4. the arrow keys move a visible cursor over the board's targets: the
    cursor's ring is drawn around the selected place and moves with the
    selection;
Colorfield, played on to the first draw:
 5. a click on the deck draws from it (it used to say "No legal move lands
    there").
Screenshots go to OUTDIR/screenshots/pick-*.png.
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

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action

SEED = '4242'
N_TESTS = 5
OVERALL_TIMEOUT = 400
HELD = '#F57800'         # the board view's picked-up outline and its places
CURSOR = '#1C1C21'       # the inner ring of the keyboard cursor
BLUE = '#1F5FBF'         # Blokus Shuffle's blue pieces
DECK_BACK = '#544F61'    # Colorfield's face-down tiles
NOTATION = re.compile(r'^Selected: .*\[(\S+) ([^\s\]]+)')



def changed_preview(page, before, timeout=3):
    return wait_for(lambda: (lambda t: t if t != before else None)(
        table.preview_text(page, with_notation=True)),
                    timeout=timeout, interval=0.05) or before


def centre(blob):
    xs, ys = [p[0] for p in blob], [p[1] for p in blob]
    return (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2


def click(x, y):
    play.xdo('mousemove', x, y)
    time.sleep(0.15)
    play.xdo('click', 1)


def open_game(args, workdir, game_id, tag):
    """A new 2-person game of game_id: the app, its window, the Play page
    and the board's extents."""
    app_proc, app, main, page = table.start(args, workdir, game_id, tag, SEED)
    board = find_all(page, role='image', name='Game board')[0]
    return app_proc, main, page, table.extents(board)


def run_blokus(tap, args, workdir):
    app_proc, main, page, (bx, by, bw, bh) = open_game(args, workdir, 'blokus-shuffle', 'pick-bs')
    table.move_pointer_away(main)
    time.sleep(0.4)
    plain = smoke.screenshot(args.outdir, 'pick-start')

    # 1: a click on the largest blue piece in the tray picks it up
    tray = (bx + bw * 2 // 3, by, bw - bw * 2 // 3, bh)
    pieces = sorted(play.colour_blobs(plain, tray, BLUE), key=len, reverse=True)
    grip = sorted(pieces[0])[len(pieces[0]) // 2] if pieces else (0, 0)
    click(*grip)
    held = wait_for(lambda: table.preview_text(page).startswith('Picked up: '), timeout=5)
    time.sleep(0.3)
    shot = smoke.screenshot(args.outdir, 'pick-held')
    ring = [b for b in play.colour_blobs(shot, tray, HELD)
            if min(p[0] for p in b) <= grip[0] <= max(p[0] for p in b)
            and min(p[1] for p in b) <= grip[1] <= max(p[1] for p in b)]
    board_part = (bx, by, bw * 2 // 3, bh)
    places = play.colour_blobs(shot, board_part, HELD)
    tap.result(bool(held) and bool(ring) and len(places) >= 1,
               'a click on a tray piece picks it up: the panel says so, the piece is outlined, '
               'the places it can go are marked',
               f'label {table.preview_text(page)!r}, outline around the click {bool(ring)}, '
               f'{len(places)} marked places')

    # 2: at a marked place: the piece previewed there; R turns it, A another piece
    spot = centre(places[0]) if places else (bx + 40, by + 40)
    play.xdo('mousemove', spot[0] + 1, spot[1] + 1)
    first = wait_for(lambda: (lambda t: t if NOTATION.match(t) else None)(
        table.preview_text(page, with_notation=True)), timeout=5) or ''
    play.keys('Tilewright', 'r')
    turned = changed_preview(page, first)
    play.keys('Tilewright', 'a')
    other = changed_preview(page, turned)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'pick-alternative')
    m1, m2, m3 = (NOTATION.match(t) for t in (first, turned, other))
    ok = bool(m1 and m2 and m3)
    if ok:
        ok = ('R turns it.' in first and m2.group(1) == m1.group(1)
              and m2.group(2) != m1.group(2)
              and 'A puts another one here.' in turned and m3.group(1) != m2.group(1))
    tap.result(ok, 'the piece picked up is previewed where the pointer is; R turns it, '
               'A puts another piece there',
               f'{first!r} -> R {turned!r} -> A {other!r}')

    # 3: a click plays what is previewed
    n = len(play.move_rows(page, confirm_pass=False))
    play.xdo('click', 1)
    rows = wait_for(lambda: (lambda r: r if len(r) > n else None)(
        play.move_rows(page, confirm_pass=False)), timeout=5) or []
    played = rows[-1] if rows else ''
    want = ' '.join(m3.groups()) if m3 else None
    tap.result(bool(want) and played.endswith(': ' + want),
               'a click on the place plays exactly the move previewed',
               f'previewed {want!r}, move list {played!r}')
    return app_proc


def run_colorblock(tap, args, workdir):
    """4: the keyboard cursor."""
    app_proc, main, page, box = open_game(args, workdir, 'colorblock', 'pick-cb')
    random = play.button(page, 'Random Move')
    move_list = find_all(page, role='list', name='Move list')[0]
    for _ in range(6):
        table.random_move(page, random, move_list)
    table.move_pointer_away(main)
    before = table.preview_text(page)
    play.keys('Tilewright', 'Down')
    first = changed_preview(page, before)
    time.sleep(0.3)
    shot1 = smoke.screenshot(args.outdir, 'pick-cursor')
    ring1 = play.colour_blobs(shot1, box, CURSOR)
    play.keys('Tilewright', 'Right')
    second = changed_preview(page, first)
    if second == first:   # nothing to the right of the first target
        play.keys('Tilewright', 'Left')
        second = changed_preview(page, first)
    time.sleep(0.3)
    shot2 = smoke.screenshot(args.outdir, 'pick-cursor-moved')
    ring2 = play.colour_blobs(shot2, box, CURSOR)

    def bbox(blobs):
        if not blobs:
            return None
        b = max(blobs, key=len)
        return (min(p[0] for p in b), min(p[1] for p in b),
                max(p[0] for p in b), max(p[1] for p in b))
    b1, b2 = bbox(ring1), bbox(ring2)
    tap.result(first.startswith('Selected: ') and second.startswith('Selected: ')
               and first != second and b1 is not None and b2 is not None and b1 != b2
               and b1[2] - b1[0] >= 20,
               'the arrow keys move a visible cursor over the board\'s targets',
               f'{first[:60]!r} -> {second[:60]!r}; cursor ring {b1} -> {b2}')
    return app_proc


def run_colorfield(tap, args, workdir):
    """5: a click on the deck draws."""
    app_proc, main, page, (bx, by, bw, bh) = open_game(args, workdir, 'colorfield', 'pick-cf')
    random = play.button(page, 'Random Move')
    move_list = find_all(page, role='list', name='Move list')[0]
    row, tried = '', 0
    # on through the choices of the round's start until a draw is due: then
    # the deck is a target of Show Legal Targets' highlight
    for _ in range(40):
        table.move_pointer_away(main)
        time.sleep(0.3)
        shot = smoke.screenshot(args.outdir, 'pick-colorfield')
        decks = [b for b in play.colour_blobs(shot, (bx, by, bw, bh), DECK_BACK) if len(b) > 400]
        # the deck is the face-down pile in the supply, right of the tray
        if decks:
            n = len(play.move_rows(page))
            before = table.preview_text(page)
            deck = min(decks, key=lambda b: min(p[0] for p in b))
            click(*centre(deck))
            tried += 1
            rows = wait_for(lambda: (lambda r: r if len(r) > n else None)(play.move_rows(page)),
                            timeout=1.5) or []
            if rows:
                row = rows[-1]
                if row.endswith(': deck'):
                    break
            table.random_move(page, random, move_list) if not rows else None
        else:
            table.random_move(page, random, move_list)
    smoke.screenshot(args.outdir, 'pick-colorfield-drawn')
    tap.result(row.endswith(': deck'), 'a click on the Colorfield deck draws from it',
               f'last move {row!r} after {tried} clicks on the deck')
    return app_proc


def main():
    return smoke.run_script([run_blokus, run_colorblock, run_colorfield], N_TESTS, 'tw-pick-',
                            OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
