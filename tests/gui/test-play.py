#!/usr/bin/python3
"""The Play view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, switches to Play, starts a 2-player human game
with a fixed seed from the New Game dialog, plays moves with the "Random
Move" button and with "Hint" + "Play Selected" (no coordinate clicks: they
are unreliable here), plays the selected target with the keyboard, undoes
and redoes, saves the record through the file chooser, changes the game,
reopens the record after confirming the discard, and checks the autosave.
Screenshots of the board go to OUTDIR/screenshots/play-*.png.
"""
import argparse
import importlib.util
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
has_state = smoke.has_state
allocated = smoke.allocated
screenshot = smoke.screenshot
xdotool_windows = smoke.xdotool_windows

SEED = '4242'
N_TESTS = 14
OVERALL_TIMEOUT = 400
MOVE_ROW = r'^\d+\. Player \d: '


def button(root, name):
    """The allocated, pressable button (push or toggle) called name. GTK 4.8
    appends a button's label to its accessible label: "Hint Hint"."""
    pattern = '^' + re.escape(name) + '( ' + re.escape(name) + ')?$'
    for role in ('push button', 'toggle button'):
        for acc in find_all(root, role=role, pattern=pattern):
            if acc.get_n_actions() > 0 and allocated(acc):
                return acc
    return None


def press(root, name, timeout=5):
    acc = wait_for(lambda: button(root, name), timeout=timeout)
    if acc is None:
        raise AssertionError(f'no button {name!r}')
    do_action(acc)
    return acc


def sensitive(acc):
    return has_state(acc, Atspi.StateType.SENSITIVE)


def move_rows(root):
    return [a.get_name() for a in find_all(root, role='label', pattern=MOVE_ROW)]


def keys(window_pattern, *keyseq, text=None):
    windows = wait_for(lambda: xdotool_windows(window_pattern), timeout=10) or []
    if not windows:
        raise AssertionError(f'no X window named {window_pattern!r}')
    subprocess.run(['xdotool', 'windowfocus', '--sync', windows[-1]])
    time.sleep(0.2)
    for k in keyseq:
        subprocess.run(['xdotool', 'key', '--clearmodifiers', k])
        time.sleep(0.15)
    if text is not None:
        subprocess.run(['xdotool', 'type', '--delay', '30', text])
        time.sleep(0.2)


def main_title(main):
    try:
        return main.get_name() or ''
    except smoke.GLibError:
        return ''


def display_ready():
    """xvfb-run returns before the server takes clients now and then (seen
    as "cannot open display" under load): wait until one can connect."""
    return subprocess.run(['xdotool', 'getdisplaygeometry'], capture_output=True).returncode == 0


def start_app(args, game, log):
    for _ in range(3):
        wait_for(display_ready, timeout=15)
        app_proc = smoke.App(args, game, log)
        if not app_proc.wait_exit(1.5):
            return app_proc
        app_proc.kill()
    return app_proc


def run(tap, args, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    app_proc = start_app(args, game, os.path.join(args.outdir, 'app-play.log'))
    try:
        app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, 'app starts on colorblock.yaml'):
            return app_proc

        # 2: Play shows the empty page with New Game
        tab = [t for t in find_all(main, role='page tab', name='Play') if allocated(t)]
        do_action(tab[0])
        new_game = wait_for(lambda: button(main, 'New Game…'), timeout=5)
        tap.result(new_game is not None, 'Play view offers "New Game…"')

        # 3: the dialog: every option of the module, seats, a seed we type
        do_action(new_game)
        dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
        labels = [a.get_name() for a in find_all(dialog, role='label')] if dialog else []
        wanted = ['Players', 'Seed', 'Seat 1 name', 'Seat 2 plays', 'expert-draft', 'rotation',
                  'private-board-size']
        missing = [w for w in wanted if w not in labels]
        time.sleep(0.4)
        screenshot(args.outdir, 'play-new-game-dialog')
        # the seed row has the focus with its text selected: typing replaces it
        keys('^New Game$', 'ctrl+a', text=SEED)
        tap.result(dialog is not None and not missing,
                   'New Game dialog lists players, seed, seats and the module\'s options',
                   f'missing {missing}; labels {labels[:40]}')

        # 4: start: 2 humans, seed shown, Player 1 to play
        press(dialog, 'Start Game')
        seed_label = wait_for(lambda: find_all(main, role='label', name=f'Seed {SEED}'), timeout=10)
        turn = wait_for(lambda: find_all(main, role='label', name='Player 1 to play'), timeout=5)
        board = find_all(main, name='Game board')
        desc = board[0].get_description() if board else ''
        time.sleep(0.5)
        screenshot(args.outdir, 'play-start')
        tap.result(bool(seed_label) and bool(turn) and board and 'Shared board' in desc,
                   f'game starts with seed {SEED}, "Player 1 to play", a described board',
                   f'seed label {bool(seed_label)}, turn {bool(turn)}, board description {desc!r}')

        # 5: three random moves, one per press, in the move list
        for _ in range(3):
            n = len(move_rows(main))
            press(main, 'Random Move')
            wait_for(lambda: len(move_rows(main)) > n, timeout=5)
        rows = move_rows(main)
        tap.result(len(rows) == 3, 'three random moves are listed in notation',
                   f'rows {rows}')

        # 6: hint selects a move on the board; Play Selected plays it
        press(main, 'Hint')
        time.sleep(0.3)
        selected = wait_for(lambda: find_all(main, role='label', pattern=r'^Selected: '), timeout=5)
        time.sleep(0.3)
        screenshot(args.outdir, 'play-hint')
        press(main, 'Play Selected')
        ok = wait_for(lambda: len(move_rows(main)) == 4, timeout=5)
        tap.result(bool(selected) and bool(ok), 'Hint selects a move, Play Selected plays it',
                   f'selected label {bool(selected)}, rows {move_rows(main)}')

        # 7: the keyboard path: Page Down selects a target, R turns it, Return plays it
        keys('Tilewright', 'Page_Down', 'r', 'Return')
        ok = wait_for(lambda: len(move_rows(main)) == 5, timeout=5)
        tap.result(bool(ok), 'Page Down, R, Return play the selected target from the keyboard',
                   f'rows {move_rows(main)}')

        # 8: legal targets shown
        press(main, 'Show Legal Targets')
        time.sleep(0.5)
        shot = screenshot(args.outdir, 'play-targets')
        tap.result(os.path.exists(shot), 'Show Legal Targets highlights the targets (screenshot)')

        # 9: undo and redo
        undo = button(main, 'Undo')
        redo = button(main, 'Redo')
        do_action(undo)
        can_redo = wait_for(lambda: sensitive(redo), timeout=5)
        turn_after_undo = [a.get_name() for a in find_all(main, role='label', pattern=' to play$')]
        do_action(redo)
        no_redo = wait_for(lambda: not sensitive(redo), timeout=5)
        tap.result(bool(can_redo) and bool(no_redo) and len(move_rows(main)) == 5,
                   'Undo enables Redo; Redo goes back to the last move',
                   f'redo after undo {bool(can_redo)}, redo after redo {not no_redo}, '
                   f'turn {turn_after_undo}')

        # 10: the title says unsaved; the autosave has the game
        autosave = os.path.join(workdir, 'data', 'tilewright', 'autosave.yaml')
        title = main_title(main)
        with open(autosave) if os.path.exists(autosave) else open(os.devnull) as f:
            saved_text = f.read()
        tap.result(title.startswith('• ') and f'seed: {SEED}' in saved_text,
                   'title marks unsaved moves with "•"; every move is autosaved',
                   f'title {title!r}, autosave exists {os.path.exists(autosave)}')

        # 11: save through the file chooser (Ctrl+S)
        record = os.path.join(workdir, 'game.yaml')
        keys('Tilewright', 'ctrl+s')
        wait_for(lambda: xdotool_windows('^Save Game$'), timeout=10)
        time.sleep(0.8)
        keys('^Save Game$', 'ctrl+a', text=record)
        keys('^Save Game$', 'Return')
        saved = wait_for(lambda: os.path.exists(record), timeout=10)
        title = wait_for(lambda: main_title(main).startswith('game.yaml'), timeout=5) \
            and main_title(main)
        tap.result(bool(saved) and bool(title), 'Ctrl+S saves the record; the title shows its file',
                   f'saved {bool(saved)}, title {main_title(main)!r}')

        # 12: another move, then Ctrl+O asks before discarding it, and reopens the record
        press(main, 'Random Move')
        wait_for(lambda: len(move_rows(main)) == 6, timeout=5)
        keys('Tilewright', 'ctrl+o')
        confirm = wait_for(lambda: find_all(app, role='push button', pattern=r'^_?Discard\b'), timeout=10)
        if confirm:
            time.sleep(0.3)
            screenshot(args.outdir, 'play-confirm-discard')
            do_action(confirm[0])
        wait_for(lambda: xdotool_windows('^Open Saved Game$'), timeout=10)
        time.sleep(0.8)
        keys('^Open Saved Game$', 'ctrl+l', text=record)
        keys('^Open Saved Game$', 'Return')
        reopened = wait_for(lambda: len(move_rows(main)) == 5
                            and main_title(main).startswith('game.yaml'), timeout=10)
        tap.result(bool(confirm) and bool(reopened),
                   'Ctrl+O confirms the discard, then reopens the saved record (5 moves)',
                   f'confirm {bool(confirm)}, rows {move_rows(main)}, title {main_title(main)!r}')

        # 13: play to the end with random moves: results
        for _ in range(200):
            if find_all(main, role='label', name='Results'):
                break
            b = button(main, 'Random Move')
            if b is None or not sensitive(b):
                break
            n = len(move_rows(main))
            do_action(b)
            wait_for(lambda: len(move_rows(main)) > n, timeout=5, interval=0.05)
        results = wait_for(lambda: find_all(main, role='label', name='Results'), timeout=5)
        ranking = [a.get_name() for a in find_all(main, role='label', pattern=r'^1\. ')]
        time.sleep(0.5)
        screenshot(args.outdir, 'play-end')
        keys('Tilewright', 'minus', 'minus')
        time.sleep(0.3)
        screenshot(args.outdir, 'play-end-zoomed-out')
        keys('Tilewright', '0')
        tap.result(bool(results) and bool(ranking), 'a finished game shows the results and ranking',
                   f'results {bool(results)}, ranking {ranking}')

        # 14: quit (the finished game is unsaved: confirm)
        keys('Tilewright', 'ctrl+q')
        confirm = wait_for(lambda: find_all(app, role='push button', pattern=r'^_?Discard\b'), timeout=5)
        if confirm:
            do_action(confirm[0])
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'quitting after confirming the discard is clean',
                   f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--app', required=True)
    parser.add_argument('--srcdir', required=True)
    parser.add_argument('--schemadir', required=True)
    parser.add_argument('--outdir', required=True)
    parser.add_argument('--version', required=True)
    args = parser.parse_args()
    args.app = os.path.abspath(args.app)
    args.outdir = os.path.join(os.path.abspath(args.outdir), 'screenshots')
    os.makedirs(args.outdir, exist_ok=True)

    signal.signal(signal.SIGALRM, smoke.on_alarm)
    signal.alarm(OVERALL_TIMEOUT)
    tap = smoke.Tap(N_TESTS)
    app_proc = None
    with tempfile.TemporaryDirectory(prefix='tw-play-') as workdir:
        try:
            app_proc = run(tap, args, workdir)
        except smoke.Timeout as e:
            tap.bail_out_rest(str(e))
        except Exception as e:
            tap.bail_out_rest(f'{type(e).__name__}: {e}')
        finally:
            signal.alarm(0)
            if app_proc is not None:
                app_proc.kill()
    tap.bail_out_rest('test ended early')
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
