#!/usr/bin/python3
"""Bots at the table, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

Colorblock, two people, a fixed seed (the seats alternate while tiles are
placed):
 1. mid-game, Player 2's seat is handed to the Casual bot under Players:
    after the person's move the bot answers by itself;
 2. while a bot's seat is to act (bots paused, so the moment lasts), Play
    Selected is disabled even with a move selected, and Return on the board
    plays nothing and says why;
 3. Undo against the bot goes back to the person's previous decision (Player
    1 to play again, the bots not paused), and Redo forward to the next one;
 4. the seat taken back: after the person's move, Player 2 is a person again
    (Random Move is theirs to press);
 5. Hint asks the strong bot off the main thread: a move is selected on the
    board, and it is legal (Return plays it);
 6. Hint at a decision without a place on the board (the colour to score):
    the suggested colour's button is named in a toast.
Screenshots go to OUTDIR/screenshots/bots-*.png.
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
N_TESTS = 6
OVERALL_TIMEOUT = 400


def turn(page):
    names = [a.get_name() for a in find_all(page, role='label', pattern=r'^(Player \d to play|'
                                                                        r'Player \d is thinking…)$')]
    return names[0] if names else None



KINDS = ['Human', 'Random bot', 'Beginner bot', 'Casual bot', 'Strong bot']


def set_seat(page, seat, kind):
    """Sets who plays seat ("Player 2") under Players to kind ("Casual bot")
    with the keyboard, as GTK 4.8's drop-downs have no AT-SPI action (and a
    pointer click on one leaves GTK's record of pressed widgets broken under
    Xvfb): Tab to the drop-down, Space opens its list, Home and Down choose.
    Returns the kind shown."""
    play.show_panel(page, 'Players')     # the side panel's page of seats
    combo = wait_for(lambda: [c for c in find_all(page, role='combo box', name=f'{seat} plays')
                              if smoke.allocated(c)], timeout=5)
    if not combo:
        return None

    def focused():
        return any(smoke.has_state(a, Atspi.StateType.FOCUSED)
                   for a in smoke.walk(combo[0]))
    play.keys('Tilewright')
    for _ in range(30):
        if focused():
            break
        play.xdo('key', 'Tab')
        time.sleep(0.15)
    for key in ['space'] + ['Home'] + ['Down'] * KINDS.index(kind) + ['Return']:
        time.sleep(0.3 if key == 'Home' else 0.15)
        play.xdo('key', key)

    def shown():
        values = [a.get_name() for a in find_all(combo[0], role='label') if a.get_name() in KINDS]
        return values[0] if values and values[0] == kind else None
    result = wait_for(shown, timeout=5)
    play.show_panel(page, 'Moves')       # back to the move list
    return result


def checked(acc):
    """A toggle button that is down (GTK says "pressed" or "checked")."""
    return (smoke.has_state(acc, Atspi.StateType.CHECKED)
            or smoke.has_state(acc, Atspi.StateType.PRESSED))


def rows(page):
    return play.move_rows(page, confirm_pass=False)


def run_colorblock(tap, args, workdir):
    app_proc, app, main, page = table.start(args, workdir, 'colorblock', 'bots-cb', SEED)
    random = play.button(page, 'Random Move')
    move_list = find_all(page, role='list', name='Move list')[0]
    for _ in range(2):
        table.random_move(page, random, move_list)

    # 1: Player 2 to a bot mid-game; the person moves, the bot answers
    handed = set_seat(page, 'Player 2', 'Casual bot')
    n = len(rows(page))
    do_action(random)
    answered = wait_for(lambda: len(rows(page)) == n + 2 and turn(page) == 'Player 1 to play',
                        timeout=20)
    last = rows(page)[-1] if rows(page) else ''
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'bots-handed')
    tap.result(bool(handed) and bool(answered) and last.startswith(f'{n + 2}. Player 2: '),
               'a seat handed to a bot mid-game: the bot answers the person\'s move by itself',
               f'Player 2 plays {handed!r}, rows {n} -> {len(rows(page))}, last {last!r}, '
               f'turn {turn(page)!r}')

    # 2: the bots paused at the bot's turn: nothing plays it from the board
    pause = play.button(page, 'Pause Bots')
    do_action(pause)
    wait_for(lambda: checked(pause), timeout=5)
    n = len(rows(page))
    do_action(random)
    wait_for(lambda: len(rows(page)) == n + 1, timeout=5)
    play.keys('Tilewright', 'Page_Down')
    selected = wait_for(lambda: table.preview_text(page).startswith('Selected: '), timeout=5)
    play_selected = play.button(page, 'Play Selected')
    disabled = play_selected is not None and not play.sensitive(play_selected)
    play.keys('Tilewright', 'Return')
    said = wait_for(lambda: find_all(main, role='label', pattern=r'^A bot plays Player 2: '),
                    timeout=5)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'bots-bot-to-act')
    tap.result(bool(selected) and disabled and bool(said) and len(rows(page)) == n + 1
               and turn(page) == 'Player 2 to play',
               'at a bot\'s turn Play Selected is disabled and the board plays nothing for it, '
               'saying why',
               f'selected {bool(selected)}, Play Selected disabled {disabled}, toast {bool(said)}, '
               f'rows {len(rows(page))} (was {n}), turn {turn(page)!r}')
    do_action(pause)
    wait_for(lambda: not checked(pause), timeout=5)
    wait_for(lambda: len(rows(page)) == n + 2 and turn(page) == 'Player 1 to play', timeout=20)

    # 3: Undo goes back to the person's previous decision, Redo forward
    n = len(rows(page))
    undo = play.button(page, 'Undo')
    do_action(undo)
    back = wait_for(lambda: turn(page) == 'Player 1 to play'
                    and play.sensitive(play.button(page, 'Redo')), timeout=5)
    not_paused = not checked(pause)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'bots-undo')
    # the position two moves back: a new move there starts a variation at depth n - 1
    do_action(play.button(page, 'Redo'))
    forward = wait_for(lambda: turn(page) == 'Player 1 to play'
                       and not play.sensitive(play.button(page, 'Redo')), timeout=5)
    do_action(undo)
    wait_for(lambda: play.sensitive(play.button(page, 'Redo')), timeout=5)
    do_action(random)
    variation = wait_for(lambda: [r for r in find_all(page, role='label',
                                                      pattern=rf'^↳ {n - 1}\. Player 1 ')],
                         timeout=10)
    tap.result(bool(back) and not_paused and bool(forward) and bool(variation),
               'Undo against a bot goes back to the person\'s previous decision (the bots '
               'not paused); Redo forward to the next one',
               f'back {bool(back)}, bots running {not_paused}, redo {bool(forward)}, '
               f'variation from move {n - 1}: {bool(variation)}')
    wait_for(lambda: turn(page) == 'Player 1 to play', timeout=20)

    # 4: the seat taken back
    person = set_seat(page, 'Player 2', 'Human')
    n = len(rows(page))
    do_action(random)
    moved = wait_for(lambda: len(rows(page)) == n + 1 and turn(page) == 'Player 2 to play'
                     and play.sensitive(random), timeout=5)
    smoke.screenshot(args.outdir, 'bots-taken-back')
    tap.result(person == 'Human' and bool(moved),
               'a seat taken back from the bot is a person\'s again',
               f'Player 2 plays {person!r}, turn {turn(page)!r}, '
               f'Random Move sensitive {play.sensitive(random)}')

    # 5: Hint selects the strong bot's move on the board; it is legal
    table.move_pointer_away(main)
    hint = play.button(page, 'Hint')
    do_action(hint)
    shown = wait_for(lambda: table.preview_text(page).startswith('Selected: ')
                     and play.button(page, 'Hint'), timeout=20)
    suggested = table.preview_text(page, with_notation=True)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'bots-hint')
    n = len(rows(page))
    play.keys('Tilewright', 'Return')
    played = wait_for(lambda: len(rows(page)) == n + 1, timeout=5)
    m = re.search(r'\[(.+)\]$', suggested)
    # (in a variation since test 3: the new row is not the list's last)
    new = [r for r in rows(page) if m and r.endswith(' Player 2: ' + m.group(1))]
    tap.result(bool(shown) and bool(played) and bool(new),
               'Hint selects the strong bot\'s move on the board, and it is legal',
               f'preview {suggested!r}, rows with it {new}')

    # 6: Hint at the colour choice (no place on the board): a toast names it
    options = []
    for _ in range(200):
        options = [b for b in find_all(page, role='push button',
                                       pattern=r'^Player \d chooses \w+ to score: ')
                   if smoke.allocated(b)]
        if options or not play.sensitive(random):
            break
        table.random_move(page, random, move_list)
    if options:
        do_action(play.button(page, 'Hint'))
    toast = wait_for(lambda: find_all(main, role='label',
                                      pattern=r'^Suggested: Player \d chooses \w+ to score$'),
                     timeout=20) if options else []
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'bots-hint-colour')
    tap.result(bool(options) and bool(toast),
               'Hint at a decision without a place on the board names the suggested option',
               f'{len(options)} colour buttons, toast {[t.get_name() for t in toast]}')
    return app_proc


def main():
    return smoke.run_script([run_colorblock], N_TESTS, 'tw-bots-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
