#!/usr/bin/python3
"""The table explains the game, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

Colorblock, two people, a fixed seed:
 1. the board takes the room: the board view is most of the window's width,
    the side panel beside it;
 2. the zoom is stable: over twelve moves the active seat's panel (its
    outline in the highlight colour, measured in screenshots) keeps its size,
    changing at most once (when the position outgrows the view);
 3. the side panel's controls stay put and the move list follows the latest
    move (its last row is on screen after thirty moves);
 4. a selected move on the board says what it does to the scores before it
    is played, and playing it does exactly that;
 5. the colour choice at the end: each colour's button says what it yields
    (its shapes on the private and the shared board, the product, and a
    goal it takes),
    and choosing it does exactly that.
Print sheets (tilewright-cli export, one card a page):
 6. Colorblock's Three/Four/Five and Elbow/Tee/Zigzag cards picture their
    number or shape (ink under the title where the text used to start).
Blokus Shuffle:
 7. the side panel's Cards page says what each card does; the tray of the colour to
    move draws its pieces at a readable size.
Block 2 Block:
 8. the board has a legend of what the blocks do.
Colorfield, played to the end:
 9. the results name the winner and give every seat's place and final score,
    as the scores say;
10. the final position stays on the board (the canvases are not emptied).
Screenshots go to OUTDIR/screenshots/table-*.png.
"""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action

SEED = '4242'
N_TESTS = 11
OVERALL_TIMEOUT = 420
HIGHLIGHT = '#3685E3'   # tw_render_panel()'s outline of the seat to act
SCORE = re.compile(r'^(Player \d): (-?[0-9.e+]+)$')
CHANGE = re.compile(r'([+-][0-9.e+]+) for (you|Player \d)')


def extents(acc):
    e = acc.get_extents(Atspi.CoordType.WINDOW)
    return (e.x, e.y, e.width, e.height)


def scores(page):
    found = {}
    for a in find_all(page, role='label', pattern=SCORE.pattern):
        m = SCORE.match(a.get_name())
        found[m.group(1)] = float(m.group(2))
    return found


def to_play(page):
    names = [a.get_name() for a in find_all(page, role='label', pattern=r'^Player \d to play$')]
    return names[0][:-len(' to play')] if names else None


def preview_text(page, with_notation=False):
    """The side panel's line about the move selected on the board; with
    with_notation, the move's notation (the label's description: the line
    says the move in words) follows in brackets: "Selected: … [NOTATION]"."""
    labels = find_all(page, role='label', pattern=r'^(Point at a cell|Selected: |Picked up: )')
    if not labels:
        return ''
    text = labels[0].get_name()
    if with_notation:
        text += f' [{labels[0].get_description() or ""}]'
    return text


def announced(text, mover):
    """The score changes a preview announces, as {seat: change}."""
    changes = {}
    for value, who in CHANGE.findall(text or ''):
        changes[mover if who == 'you' else who] = float(value)
    return changes


def changes_match(before, after, said):
    """Every seat's score moved by what was said (0 where nothing was)."""
    return all(abs((after.get(s, 0) - before.get(s, 0)) - said.get(s, 0)) < 1e-9
               for s in set(before) | set(after))


def colour_box(shot, box, rgb, fuzz='3%'):
    """The bounding box (w, h) of the pixels of colour rgb inside box of the
    screenshot, or None."""
    x, y, w, h = box
    out = subprocess.run(['convert', shot, '-crop', f'{w}x{h}+{x}+{y}', '+repage',
                          '-fuzz', fuzz, '-fill', 'white', '-opaque', rgb,
                          '-fill', 'black', '+opaque', 'white', '-trim', 'info:'],
                         capture_output=True, text=True, timeout=60).stdout
    m = re.search(r' (\d+)x(\d+) \d+x\d+[+-]\d+[+-]\d+ ', out)
    if not m or int(m.group(1)) <= 1:
        return None
    return int(m.group(1)), int(m.group(2))


def colour_fraction(image, rgb, crop=None, fuzz='3%'):
    """The fraction of the pixels (of the crop 'WxH+X+Y') near colour rgb."""
    argv = ['convert', image]
    if crop:
        argv += ['-crop', crop, '+repage']
    argv += ['-fuzz', fuzz, '-fill', 'white', '-opaque', rgb, '-fill', 'black', '+opaque',
             'white', '-format', '%[fx:mean]', 'info:']
    out = subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout
    try:
        return float(out)
    except ValueError:
        return -1.0


def start(args, workdir, game_id, tag, seed=None):
    """The app on a bundled game with a new 2-person game started."""
    app_proc, app, main, dialog = play.new_game_dialog(args, workdir, game_id, tag)
    if seed is not None:
        time.sleep(0.4)
        play.keys('^New Game$', 'ctrl+a', text=seed)
    play.press(dialog, 'Start Game')
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    wait_for(lambda: to_play(page), timeout=10)
    return app_proc, app, main, page


def random_move(page, button, move_list):
    """Presses Random Move and waits for the move list to grow."""
    def n_rows():
        try:
            return move_list.get_child_count()
        except smoke.GLibError:
            return -1
    n = n_rows()
    do_action(button)
    wait_for(lambda: n_rows() > n, timeout=5, interval=0.05)


def move_pointer_away(main):
    play.xdo('mousemove', 2, 790)


def run_colorblock(tap, args, workdir):
    app_proc, app, main, page = start(args, workdir, 'colorblock', 'table-cb', SEED)
    board = find_all(page, role='image', name='Game board')[0]
    random = play.button(page, 'Random Move')
    move_list = find_all(page, role='list', name='Move list')[0]
    move_pointer_away(main)

    # 1: the board is most of the window; the panel beside it
    bx, by, bw, bh = extents(board)
    wx, wy, ww, wh = extents(main)
    rx = extents(random)[0]
    time.sleep(0.4)
    shot = smoke.screenshot(args.outdir, 'table-start')
    tap.result(bw >= 0.65 * ww and rx >= bx + bw,
               'the board takes the room: most of the window\'s width, the panel beside it',
               f'board {bw} px of a {ww} px window, Random Move at x {rx}')

    # 2: the zoom stays as it is from move to move
    widths = []
    start_y = extents(random)[1]
    for i in range(12):
        random_move(page, random, move_list)
        move_pointer_away(main)
        time.sleep(0.3)
        shot = smoke.screenshot(args.outdir, 'table-zoom')
        box = colour_box(shot, (bx, by, bw, bh), HIGHLIGHT)
        widths.append(box[0] if box else None)
    os.replace(shot, os.path.join(args.outdir, 'table-zoom-12.png'))
    distinct = sorted(set(w for w in widths if w))
    tap.result(None not in widths and len(distinct) <= 2,
               'the zoom is stable: the seat panel keeps its size from move to move '
               '(at most one change, when the position outgrows the view)',
               f'panel outline widths {widths}')

    # 3: thirty moves: the controls stay, the list shows the latest move
    for i in range(18):
        random_move(page, random, move_list)
    rows = play.move_rows(page)
    last = [a for a in find_all(page, role='label', pattern=play.MOVE_ROW)
            if play.row_text(a) == rows[-1]] if rows else []
    first = find_all(page, role='label', name='Start of the game')
    scroller = scroller_of(move_list)
    sy, sh = extents(scroller)[1::2] if scroller else (0, 0)
    ly = sum(extents(last[0])[1::2]) if last else -1
    fy = extents(first[0])[1] if first else -1
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'table-move-list')
    tap.result(len(rows) == 30 and extents(random)[1] == start_y and fy < sy
               and sy < ly <= sy + sh + 1,
               'the side panel\'s controls stay put; the move list scrolls and follows the '
               'latest move',
               f'{len(rows)} rows, Random Move y {extents(random)[1]} (was {start_y}), '
               f'list viewport {sy}..{sy + sh}, first row top {fy}, last row bottom {ly}')

    # 4: a move selected on the board says what it yields; playing it does that
    mover = to_play(page)
    before = scores(page)
    play.keys('Tilewright', 'Page_Down')
    preview = wait_for(lambda: [a.get_name() for a in
                                find_all(page, role='label', pattern=r'^Selected: ')], timeout=5)
    text = preview[0] if preview else ''
    said = announced(text, mover)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'table-preview')
    play.keys('Tilewright', 'Return')
    wait_for(lambda: len(play.move_rows(page)) == 31, timeout=5)
    after = scores(page)
    tap.result(bool(re.search(r' — (.* for .*|no change in score)\.( R turns it\.)?( A puts another one here\.)? Click', text))
               and changes_match(before, after, said),
               'a move selected on the board says what it does to the scores, and does it',
               f'preview {text!r}, mover {mover}, scores {before} -> {after}')

    # 5: on to the colour choice: every option says what it yields
    options = []
    for _ in range(200):
        options = [b for b in find_all(page, role='push button',
                                       pattern=r'^Player \d chooses \w+ to score: ')
                   if smoke.allocated(b)]
        if options or not play.sensitive(random):
            break
        random_move(page, random, move_list)
    names = [b.get_name() for b in options]
    mover = to_play(page)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'table-colour-choice')
    # each colour shows its shapes, private × shared, and what that gives
    ok = bool(options) and all(
        re.search(r' chooses (\w+) to score: (.* for .* — )?.*\b\1 shapes: \d+ on the private board '
                  r'× \d+ on the shared board = \d+(; .*)?$', n) for n in names)
    if options:
        # the option that yields the most for the one choosing
        best = max(options, key=lambda b: announced(b.get_name(), mover).get(mover, 0))
        said = announced(best.get_name(), mover)
        before = scores(page)
        n = len(play.move_rows(page))
        do_action(best)
        wait_for(lambda: len(play.move_rows(page)) > n, timeout=5)
        after = scores(page)
        ok = ok and changes_match(before, after, said)
    tap.result(ok, 'the colour choice: each colour says what it yields, and choosing it does it',
               f'options {names}, mover {mover}, scores {before} -> {after}')
    return app_proc


def run_cards(tap, args, workdir):
    """6: the printed cards picture their number or shape."""
    cli = os.path.join(os.environ.get('TILEWRIGHT_BUILDDIR', ''), 'src', 'cli', 'tilewright-cli')
    out = os.path.join(workdir, 'card.png')
    result = subprocess.run([cli, 'export', os.path.join(args.srcdir, 'data', 'games',
                                                          'colorblock.yaml'),
                             '--what', 'cards', '--paper', 'fit', '--bleed', '0',
                             '--no-crop-marks', '--format', 'png', '--dpi', '60', '-o', out],
                            capture_output=True, text=True, timeout=60)
    # one card a page in the definition's order: Three, Four, Five, the
    # three coloured fives, Elbow, Tee, Zigzag. Under the 14 mm title, from
    # 16 mm to 40 mm: the picture (the text begins there when there is none)
    ink = {}
    for page, title in [(1, 'Three'), (2, 'Four'), (3, 'Five'), (7, 'Elbow'), (8, 'Tee'),
                        (9, 'Zigzag')]:
        image = f'{out[:-4]}-{page}.png'
        if os.path.exists(image):
            ink[title] = round(1 - colour_fraction(image, '#F7F5ED', '149x57+0+38', '6%'), 3)
            if page in (1, 8):
                subprocess.run(['cp', image, os.path.join(args.outdir, f'table-card-{title}.png')])
    tap.result(result.returncode == 0 and len(ink) == 6 and min(ink.values()) > 0.10,
               'printed cards picture what defines them: Three/Four/Five their number, '
               'Elbow/Tee/Zigzag their shape',
               f'ink under the title {ink}; cli {result.returncode} {result.stderr.strip()!r}')
    return None


def run_blokus(tap, args, workdir):
    """7: the card legend; the tray of the colour to move at a readable size."""
    app_proc, app, main, page = start(args, workdir, 'blokus-shuffle', 'table-bs', SEED)
    # the side panel's Cards page
    wait_for(lambda: play.show_panel(page, 'Cards'), timeout=5)
    legend = wait_for(lambda: [a for a in find_all(page, role='label', pattern=r'^Skip — ')
                               if smoke.allocated(a)], timeout=5)
    content = legend[0].get_name() if legend else ''
    board = find_all(page, role='image', name='Game board')[0]
    bx, by, bw, bh = extents(board)
    move_pointer_away(main)
    time.sleep(0.4)
    shot = smoke.screenshot(args.outdir, 'table-blokus')
    # Blue moves first: its pieces in the tray, right of the board's grid
    tray = (bx + bw * 2 // 3, by, bw - bw * 2 // 3, bh)
    blobs = play.colour_blobs(shot, tray, '#1F5FBF')
    longest = max((max(max(p[0] for p in b) - min(p[0] for p in b),
                       max(p[1] for p in b) - min(p[1] for p in b)) for b in blobs), default=0)
    tap.result('Skip — When played, the next player loses their turn.' in content
               and 'Double Play — ' in content and longest >= 40,
               'the side panel\'s Cards page says what each card does; the tray of the colour to move '
               'is readable (a five-cell piece at least 40 px long; it was 30)',
               f'legend {content[:160]!r}…, longest tray piece {longest} px')
    return app_proc


def run_block_2_block(tap, args, workdir):
    """8: the blocks' legend on the board."""
    app_proc, app, main, page = start(args, workdir, 'block-2-block', 'table-bb', SEED)
    board = find_all(page, role='image', name='Game board')[0]
    desc = board.get_description() or ''
    move_pointer_away(main)
    time.sleep(0.4)
    smoke.screenshot(args.outdir, 'table-block-2-block')
    tap.result('What the blocks do.' in desc,
               'Block 2 Block\'s board has a legend of what each block does',
               f'board description {desc!r}')
    return app_proc


def scroller_of(move_list):
    """The scrolled window around the move list (through its viewport)."""
    acc = move_list
    for _ in range(3):
        acc = acc.get_parent()
        if acc is not None and acc.get_role_name() == 'scroll pane':
            return acc
    return None


def quick_undos_reveal(page, move_list, n_moves, n):
    """Undoes @n moves in quick succession from the end of a finished game
    (the side panel goes from the Score page back to the moves, and an undo
    keeps the list as long as it was, so nothing but the undo asks the list
    to scroll); returns (the current row's extents when it came into view,
    or None; the viewport's). The list is not asked for its rows before:
    that would lay it out."""
    want = f'^{n_moves - n}\\. '
    play.keys('Tilewright')
    play.xdo('key', '--clearmodifiers', '--delay', 40, *(['ctrl+z'] * n))
    scroller = scroller_of(move_list)
    view = [0, 0]

    def current_in_view():
        view[:] = extents(scroller)[1::2] if scroller else (0, 0)
        sy, sh = view
        row = [a for a in find_all(page, role='label', pattern=want) if smoke.allocated(a)]
        if not row or sh <= 0:
            return None
        ry, rh = extents(row[0])[1::2]
        return (ry, rh) if sy <= ry and ry + rh <= sy + sh + 1 else None

    return wait_for(current_in_view, timeout=5), tuple(view)


def run_colorfield(tap, args, workdir):
    """9, 10: the end of a Colorfield game."""
    app_proc, app, main, page = start(args, workdir, 'colorfield', 'table-cf', SEED)
    random = play.button(page, 'Random Move')
    move_list = find_all(page, role='list', name='Move list')[0]
    for _ in range(400):
        if not play.sensitive(random):
            break
        random_move(page, random, move_list)
    over = wait_for(lambda: find_all(page, role='label', name='Game over'), timeout=5)
    final = scores(page)
    won = r' (wins|share the win) with -?\d+ points?( each)?\.$'
    headline = [a.get_name() for a in find_all(page, role='label', pattern=won)]
    places = [a.get_name() for a in find_all(page, role='label', pattern=r'^\d\. Player \d$')]
    points = [a.get_name() for a in find_all(page, role='label', pattern=r'^-?[0-9.]+ points?$')]
    ranked = sorted(final, key=lambda s: -final[s])
    move_pointer_away(main)
    time.sleep(0.5)
    shot = smoke.screenshot(args.outdir, 'table-colorfield-end')
    tap.result(bool(over) and len(places) == 2 and len(points) == 2
               and places[0].endswith(ranked[0]) and headline
               and sorted(float(p.split()[0]) for p in points) == sorted(final.values()),
               'game over: the winner, every seat\'s place and final score',
               f'headline {headline}, places {places}, points {points}, scores {final}')

    # 10: the canvases still show the final position (Navy is on every tile)
    board = find_all(page, role='image', name='Game board')[0]
    bx, by, bw, bh = extents(board)
    navy = colour_fraction(shot, '#243B6B', f'{bw}x{bh}+{bx}+{by}', '2%')
    tap.result(navy > 0.008, 'game over: the final position stays on the board',
               f'navy paint on {navy:.2%} of the board')
    return app_proc


def run_finished_record(tap, args, workdir):
    """11: a finished game opened from its record shows the score page; twenty
    quick undos bring back the move list with the move now current in view
    (the list had never been laid out before)."""
    cli = os.path.join(os.environ.get('TILEWRIGHT_BUILDDIR', ''), 'src', 'cli', 'tilewright-cli')
    record = os.path.join(workdir, 'finished.twgame')
    played = subprocess.run([cli, 'play', os.path.join(args.srcdir, 'data', 'games',
                                                        'colorblock.yaml'),
                             '--players', '3', '--seed', '5', '--record', record],
                            check=True, capture_output=True, text=True).stdout
    n_moves = len(re.findall(r'^\d+\. ', played, re.M))
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data-record')
    app_proc, app, main = smoke.start(args, record,
                                      os.path.join(args.outdir, 'app-table-record.log'))
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    wait_for(lambda: find_all(page, role='label', name='Game over'), timeout=10)
    move_list = find_all(page, role='list', name='Move list')[0]
    seen, (sy, sh) = quick_undos_reveal(page, move_list, n_moves, 20)
    smoke.screenshot(args.outdir, 'table-undo-list')
    tap.result(seen is not None,
               'after twenty quick undos from a finished game\'s end the move list shows the '
               'move now current',
               f'row at {seen}, list viewport {sy}..{sy + sh}')
    return app_proc


def main():
    return smoke.run_script([run_colorblock, run_cards, run_blokus, run_block_2_block,
                             run_colorfield, run_finished_record], N_TESTS, 'tw-table-',
                            OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
