#!/usr/bin/python3
"""Endings you can read, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

Colorblock, a fixed seed, Player 1 a person and Player 2 the Beginner bot:
 1. the person's seat is played through the GUI's own clicks to the end (a
    click on Show Legal Targets marks the places; a placement: the pointer
    on a marked place previews the move, a click there plays it; the colour
    to score: a click on its button), and the game ends on the results: who
    won in a sentence and every seat's card;
 2. the side panel gives every seat's score by rule: its terms add up to the
    seat's final score, and they are the terms `tilewright-cli replay` gives
    for the same moves (the same words, the same points, the same result);
 3. at 1280x720 the results, the final position and the score by rule are
    all on screen;
Colorfield, two bots played to the end:
 4. the canvases keep the final position at game over, and the score by
    rule names each scoring item (matched sides, unused tokens, the tools'
    points) summed over the rounds.
Colorblock, a record of a tie (tilewright-cli play, 3 players, seed 25):
 5. opened with Ctrl+O, its results say how the lightning round broke the tie, and the
    score by rule shows the lightning round's colour.
Screenshots go to OUTDIR/screenshots/results-*.png.
"""
import importlib.util
import json
import os
import re
import subprocess
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
OVERALL_TIMEOUT = 420
TERM = re.compile(r'^(.*): (-?\d+) points?$')
HEADING = re.compile(r'^(.+) — (-?\d+) points?$')
CHOICE = r'^Player 1 chooses \w+ to score: '
TARGET = '#3685E3'   # tw_render_targets()'s outline of a legal place


def target_boxes(shot, box):
    """The legal places marked on the board (Show Legal Targets), as screen
    boxes (x, y, w, h): the rings of the target colour of a place's size."""
    x0, y0, w, h = box
    out = subprocess.run(['convert', shot, '-crop', f'{w}x{h}+{x0}+{y0}', '+repage',
                          '-fuzz', '12%', '-fill', 'white', '-opaque', TARGET,
                          '-fuzz', '0', '-fill', 'black', '+opaque', 'white',
                          '-define', 'connected-components:verbose=true',
                          '-connected-components', '8', 'null:'],
                         capture_output=True, text=True, timeout=60).stdout
    found = []
    for m in re.finditer(r'^\s*\d+: (\d+)x(\d+)\+(\d+)\+(\d+) \S+ (\d+) (\S+)', out, re.M):
        bw, bh, bx, by, area, colour = (int(m.group(1)), int(m.group(2)), int(m.group(3)),
                                        int(m.group(4)), int(m.group(5)), m.group(6))
        if ('255,255,255' in colour or colour in ('white', 'gray(255)')) \
                and 10 <= bw <= 90 and 10 <= bh <= 90 and bw <= area < 0.6 * bw * bh:
            found.append((x0 + bx, y0 + by, bw, bh))
    return found


def click_a_target(page, main, board, tag, outdir):
    """Points at the marked places one after the other until the table
    previews a move there, then clicks: the move shown is played. Returns
    the preview clicked, or None."""
    table.move_pointer_away(main)
    time.sleep(0.3)
    shot = smoke.screenshot(outdir, tag)
    # rightmost first: the private board of the seat to act is right of the
    # shared board, and filling it ends the game
    for x, y, w, h in sorted(target_boxes(shot, table.extents(board)), reverse=True):
        play.xdo('mousemove', x + w // 2, y + h // 2)
        text = wait_for(lambda: (lambda t: t if t.startswith('Selected: ') else None)(
            table.preview_text(page)), timeout=1, interval=0.05)
        if text:
            play.xdo('click', 1)
            return text
    return None


def click(acc):
    """A real pointer click in the middle of acc (the window is at 0,0)."""
    e = acc.get_extents(Atspi.CoordType.WINDOW)
    play.xdo('mousemove', e.x + e.width // 2, e.y + e.height // 2)
    time.sleep(0.1)
    play.xdo('click', 1)


def over(page):
    return bool(find_all(page, role='label', name='Game over'))


def breakdown(page):
    """The score by rule in the side panel: {seat: (total, [(label, points)])}."""
    found = {}
    for heading in find_all(page, role='label', pattern=HEADING.pattern):
        m = HEADING.match(heading.get_name())
        found[m.group(1)] = [int(m.group(2)), []]
    for lst in find_all(page, role='list', pattern=r'’s score by rule$'):
        seat = lst.get_name()[:-len('’s score by rule')]
        for acc in find_all(lst, pattern=TERM.pattern):
            if acc.get_role_name() == 'label':
                continue
            m = TERM.match(acc.get_name())
            if seat in found:
                found[seat][1].append((m.group(1), int(m.group(2))))
    return found


def cli_breakdown(args, workdir, game_id, moves, players=2):
    """What `tilewright-cli replay` says about the game of these moves."""
    cli = os.path.join(os.environ.get('TILEWRIGHT_BUILDDIR', ''), 'src', 'cli', 'tilewright-cli')
    record = os.path.join(workdir, game_id + '-results.yaml')
    definition = os.path.join(args.srcdir, 'data', 'games', game_id + '.yaml')
    subprocess.run([cli, 'play', definition, '--players', str(players), '--seed', SEED,
                    '--moves', '; '.join(moves), '--record', record],
                   capture_output=True, text=True, timeout=60)
    out = subprocess.run([cli, 'replay', record], capture_output=True, text=True, timeout=60)
    try:
        return json.loads(out.stdout)
    except ValueError:
        return {'error': out.stderr}


def start_with_bot(args, workdir, game_id, tag, seat1, seat2):
    app_proc, app, main, dialog = play.new_game_dialog(args, workdir, game_id, tag)
    time.sleep(0.4)
    play.keys('^New Game$', 'ctrl+a', text=SEED)
    if seat1 != 'Human':
        play.choose_seat_kind('^New Game$', dialog, 'Seat 1 plays', seat1)
    play.choose_seat_kind('^New Game$', dialog, 'Seat 2 plays', seat2)
    time.sleep(0.3)
    play.press(dialog, 'Start Game', confirm_pass=False)
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    return app_proc, app, main, page


def run_colorblock(tap, args, workdir):
    app_proc, app, main, page = start_with_bot(args, workdir, 'colorblock', 'results-cb',
                                               'Human', 'Beginner bot')
    wait_for(lambda: table.to_play(page) or over(page), timeout=10)
    board = find_all(page, role='image', name='Game board')[0]
    # the legal places marked on the board, by a click on the toggle
    click(play.button(page, 'Show Legal Targets'))
    placed, chosen, fallback = 0, 0, 0
    deadline = time.monotonic() + 240
    while not over(page) and time.monotonic() < deadline:
        if table.to_play(page) != 'Player 1':
            time.sleep(0.2)
            continue
        n = len(play.move_rows(page, confirm_pass=False))
        options = [b for b in find_all(page, role='push button', pattern=CHOICE)
                   if smoke.allocated(b)]
        if options:
            # the colour that yields the most for the person
            best = max(options, key=lambda b: table.announced(b.get_name(), 'Player 1')
                       .get('Player 1', 0))
            click(best)
            chosen += 1
        else:
            if click_a_target(page, main, board, 'results-targets', args.outdir) is None:
                fallback += 1
                time.sleep(0.3)
                continue
            placed += 1
        wait_for(lambda: len(play.move_rows(page, confirm_pass=False)) > n or over(page),
                 timeout=5, interval=0.1)
    ended = wait_for(lambda: over(page), timeout=10)
    rows = play.move_rows(page, confirm_pass=False)
    headline = [a.get_name() for a in
                find_all(page, role='label', pattern=r'^Player \d (wins|and .* share the win) with ')]
    cards = [a.get_name() for a in find_all(page, pattern=r'^Place \d: Player \d, ')]
    table.move_pointer_away(main)
    time.sleep(0.6)
    smoke.screenshot(args.outdir, 'results-colorblock')
    mine = [r for r in rows if re.match(r'^\d+\. Player 1: ', r)]
    tap.result(bool(ended) and placed >= 5 and chosen >= 1 and len(cards) == 2
               and bool(headline) and len(mine) == placed + chosen,
               'a Colorblock game played through the GUI\'s clicks ends on the results: '
               'who won in a sentence, every seat\'s place and score',
               f'{placed} placements and {chosen} colour choices clicked ({fallback} turns '
               f'with no marked place found at first), '
               f'{len(rows)} moves, headline {headline}, cards {cards}')

    # 2: the score by rule adds up, and is what the CLI says for these moves
    shown = breakdown(page)
    final = table.scores(page)
    adds_up = len(shown) == 2 and all(
        total == sum(p for _, p in terms) and abs(final.get(seat, -1e9) - total) < 1e-9
        and terms for seat, (total, terms) in shown.items())
    moves = [r.split(': ', 1)[1] for r in rows]
    cli = cli_breakdown(args, workdir, 'colorblock', moves)
    cli_terms = {f'Player {b["seat"]}': [(t['label'], t['points']) for t in b['terms']]
                 for b in cli.get('breakdown', [])}
    gui_terms = {seat: terms for seat, (total, terms) in shown.items()}
    cli_result = cli.get('result', '').replace('P1', 'Player 1').replace('P2', 'Player 2')
    tap.result(adds_up and gui_terms == cli_terms and bool(headline)
               and cli_result.startswith(headline[0]),
               'the side panel gives every seat\'s score by rule: the terms add up to the '
               'final score and are what tilewright-cli replay says',
               f'shown {shown}, scores {final}, cli {cli_terms}, cli result {cli_result!r}')

    # 3: at 1280x720 everything of the ending is on screen
    windows = smoke.xdotool_windows('Tilewright')
    subprocess.run(['xdotool', 'windowsize', windows[-1], '1280', '720'])
    time.sleep(1.0)
    table.move_pointer_away(main)
    time.sleep(0.4)
    shot = smoke.screenshot(args.outdir, 'results-colorblock-720')
    board = find_all(page, role='image', name='Game board')[0]
    bx, by, bw, bh = table.extents(board)
    wx, wy, ww, wh = table.extents(main)
    lists = [lst for lst in find_all(page, role='list', pattern=r'’s score by rule$')]
    first_list = table.extents(lists[0]) if lists else (0, 0, 0, 0)
    cards = find_all(page, pattern=r'^Place \d: Player \d, ')
    card_box = table.extents(cards[0]) if cards else (0, 0, 0, 0)
    tap.result(wh <= 720 and bh >= 300 and 0 < card_box[1] and card_box[1] + card_box[3] <= wh
               and 0 < first_list[1] and first_list[1] + first_list[3] <= wh,
               'at 1280x720 the results, the final position and the score by rule are on '
               'screen',
               f'window {ww}x{wh}, board {bw}x{bh} at y {by}, first card {card_box}, '
               f'first seat\'s terms {first_list}')
    return app_proc


def run_colorfield(tap, args, workdir):
    app_proc, app, main, page = start_with_bot(args, workdir, 'colorfield', 'results-cf',
                                               'Random bot', 'Random bot')
    ended = wait_for(lambda: over(page), timeout=200, interval=0.5)
    table.move_pointer_away(main)
    time.sleep(0.8)
    shot = smoke.screenshot(args.outdir, 'results-colorfield')
    board = find_all(page, role='image', name='Game board')[0]
    bx, by, bw, bh = table.extents(board)
    navy = table.colour_fraction(shot, '#243B6B', f'{bw}x{bh}+{bx}+{by}', '2%')
    shown = breakdown(page)
    # by scoring item over the three rounds: matched sides first, no round totals
    labels = {seat: [l for l, _ in terms] for seat, (total, terms) in shown.items()}
    tap.result(bool(ended) and navy > 0.008 and len(shown) == 2
               and all(ls and ls[0] == 'Matched sides'
                       and not any(l.startswith('Painting of round') for l in ls)
                       for ls in labels.values()),
               'Colorfield\'s game over keeps the canvases drawn, and the score by rule names '
               'each scoring item (matched sides, unused tokens, tools)',
               f'navy paint on {navy:.2%} of the board, score by rule {shown}')
    return app_proc


def run_tie(tap, args, workdir):
    cli = os.path.join(os.environ.get('TILEWRIGHT_BUILDDIR', ''), 'src', 'cli', 'tilewright-cli')
    record = os.path.join(workdir, 'tie.yaml')
    subprocess.run([cli, 'play', os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml'),
                    '--players', '3', '--seed', '25', '--bots', 'policy', '--record', record],
                   capture_output=True, text=True, timeout=60)
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data-tie')
    app_proc, app, main = smoke.start(args, os.path.join(args.srcdir, 'data', 'games',
                                                         'colorblock.yaml'),
                                      os.path.join(args.outdir, 'app-results-tie.log'))
    tab = [t for t in find_all(main, role='page tab', name='Play') if smoke.allocated(t)]
    do_action(tab[0])
    # Ctrl+O opens a saved game on the Play view only: on the Design view it
    # opens a definition, so the keys wait for the switch.
    wait_for(lambda: smoke.has_state(tab[0], Atspi.StateType.SELECTED), timeout=10)
    play.keys('Tilewright', 'ctrl+o')
    wait_for(lambda: smoke.xdotool_windows('^Open Saved Game$'), timeout=10)
    time.sleep(0.8)
    play.keys('^Open Saved Game$', 'ctrl+l', text=record)
    play.keys('^Open Saved Game$', 'Return')
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    how = wait_for(lambda: [a.get_name() for a in
                            find_all(page, role='label', pattern=r'lightning round')], timeout=10)
    shown = breakdown(page)
    lightning = [label for total, terms in shown.values() for label, _ in terms
                 if label.startswith('Lightning round, ')]
    table.move_pointer_away(main)
    time.sleep(0.6)
    smoke.screenshot(args.outdir, 'results-tie')
    tap.result(bool(how) and 'broke the tie' in how[0] and len(shown) == 3 and len(lightning) == 2,
               'a tie broken by the lightning round: the results say so, and the score by rule '
               'shows each tied seat\'s lightning-round colour',
               f'how {how}, score by rule {shown}')
    return app_proc


def main():
    return smoke.run_script([run_colorblock, run_colorfield, run_tie], N_TESTS, 'tw-results-',
                            OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
