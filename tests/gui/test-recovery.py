#!/usr/bin/python3
"""Crash recovery, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, starts a game, plays 5 moves with "Random Move",
undoes the last one, waits one second (the autosave promises to hold any
change within that), kills the app with SIGKILL, starts it again with the
same XDG_DATA_HOME, accepts "Restore" and checks that the exact node came
back: the move list, the turn label, the selected move (the fourth) and an
enabled Redo that goes to the fifth move. Then plays on, quits normally at
once (the autosave is flushed before it is marked clean) and starts once
more: a game the user closed normally is not offered again. Screenshots go to
OUTDIR/screenshots/recovery-*.png.
"""
import argparse
import importlib.util
import os
import signal
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, filename):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, filename))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


smoke = load('smoke', 'test-smoke.py')
play = load('play', 'test-play.py')

find_all = smoke.find_all
wait_for = smoke.wait_for

N_TESTS = 7
MOVES = 5
# the autosave holds a change within this (AUTOSAVE_DELAY_MS plus the write)
AUTOSAVE_BOUND = 1.0
OVERALL_TIMEOUT = 200
RESTORE = r'^_?Restore\b'


def turn_labels(main):
    return [a.get_name() for a in find_all(main, role='label', pattern=' to play$')]


def selected_rows(main):
    """The move list's selected row (the current node), as its label's text."""
    rows = []
    for row in find_all(main, role='list item'):
        if smoke.has_state(row, smoke.Atspi.StateType.SELECTED):
            rows += [a.get_name() for a in find_all(row, role='label', pattern=play.MOVE_ROW)]
    return rows


def redo_enabled(main):
    redo = play.button(main, 'Redo')
    return redo is not None and play.sensitive(redo)


def play_page(main):
    """The Play view's accessible, else the whole window: its subtree is
    several times smaller (the hidden Design, Lab and Print pages are not in
    it), and every look at the move list walks it."""
    pages = find_all(main, name='TwPlayPage') if main is not None else []
    return pages[0] if pages else main


def start(args, game, log):
    app_proc = play.start_app(args, game, log)
    app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
    return app_proc, app, main


def run(tap, args, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    autosave = os.path.join(workdir, 'data', 'tilewright', 'autosave.yaml')

    # 1: a first session: a game of 5 moves, then SIGKILL
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-recovery-1.log'))
    if not tap.result(main is not None, 'app starts on colorblock.yaml'):
        return app_proc
    tab = [t for t in find_all(main, role='page tab', name='Play') if smoke.allocated(t)]
    smoke.do_action(tab[0])
    play.press(main, 'New Game…')
    dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
    play.press(dialog, 'Start Game')
    page = play_page(main)
    wait_for(lambda: turn_labels(page), timeout=10)
    for _ in range(MOVES):
        n = len(play.move_rows(page))
        play.press(page, 'Random Move')
        wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
    rows = play.move_rows(page)
    last_turn = turn_labels(page)
    # undo the fifth move: the position on screen is now the fourth move's,
    # with redo possible; that is what the restore must bring back
    play.press(page, 'Undo')
    undone = wait_for(lambda: redo_enabled(page) and turn_labels(page) != last_turn, timeout=5)
    undo_time = time.monotonic()
    turn = turn_labels(page)
    selected = selected_rows(page)
    smoke.screenshot(args.outdir, 'recovery-before-kill')
    time.sleep(max(0.0, undo_time + AUTOSAVE_BOUND - time.monotonic()))
    app_proc.proc.send_signal(signal.SIGKILL)
    app_proc.proc.wait()
    app_proc.kill()
    tap.result(len(rows) == MOVES and len(turn) == 1 and bool(undone)
               and selected == rows[MOVES - 2:MOVES - 1] and os.path.exists(autosave)
               and app_proc.proc.returncode == -signal.SIGKILL,
               f'{MOVES} moves played and the last undone, the app killed with SIGKILL '
               f'{AUTOSAVE_BOUND:g} s later, the autosave left behind',
               f'rows {rows}, turn {turn} (was {last_turn}), undone {bool(undone)}, '
               f'selected {selected}, autosave {os.path.exists(autosave)}, '
               f'return code {app_proc.proc.returncode}')

    # 2: the next start offers the game back
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-recovery-2.log'))
    restore = app and wait_for(lambda: find_all(app, role='push button', pattern=RESTORE),
                               timeout=10)
    heading = app and find_all(app, role='label', name='Restore the game you were playing?')
    time.sleep(0.5)
    smoke.screenshot(args.outdir, 'recovery-offer')
    if not tap.result(main is not None and bool(restore) and bool(heading),
                      'the next start asks "Restore the game you were playing?"',
                      f'window {main is not None}, restore button {bool(restore)}, '
                      f'heading {bool(heading)}'):
        return app_proc

    page = play_page(main)

    # 3: Restore: the same moves, the same seat to play, the same current node
    smoke.do_action(restore[0])
    restored = wait_for(lambda: play.move_rows(page) == rows and turn_labels(page) == turn
                        and selected_rows(page) == selected and redo_enabled(page),
                        timeout=10)
    time.sleep(0.5)
    smoke.screenshot(args.outdir, 'recovery-restored')
    tap.result(bool(restored), 'Restore brings back the undone position: the same move list, '
               'turn, selected move, and Redo enabled',
               f'rows {play.move_rows(page)} (wanted {rows}), '
               f'turn {turn_labels(page)} (wanted {turn}), '
               f'selected {selected_rows(page)} (wanted {selected}), '
               f'redo {redo_enabled(page)} (wanted True)')

    # 4: Redo in the restored game goes to the fifth move, as before the kill
    play.press(page, 'Redo')
    redone = wait_for(lambda: not redo_enabled(page) and turn_labels(page) == last_turn
                      and selected_rows(page) == rows[-1:], timeout=10)
    tap.result(bool(redone), 'Redo in the restored game goes to the undone fifth move',
               f'turn {turn_labels(page)} (wanted {last_turn}), '
               f'selected {selected_rows(page)} (wanted {rows[-1:]})')

    # 5: the restored game goes on
    n = len(play.move_rows(page))
    play.press(page, 'Random Move')
    more = wait_for(lambda: len(play.move_rows(page)) == n + 1, timeout=10)
    tap.result(bool(more), 'the restored game goes on: one more move',
               f'rows {play.move_rows(page)}')

    # 6: a normal quit right after the move (before the coalesced autosave
    # would be written by itself): the next start offers nothing
    play.keys('Tilewright', 'ctrl+q')
    confirm = wait_for(lambda: find_all(app, role='push button', pattern=r'^_?Discard\b'),
                       timeout=3)
    if confirm:
        smoke.do_action(confirm[0])
    quit_ok = app_proc.wait_exit(10) and app_proc.proc.returncode == 0
    app_proc.kill()
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-recovery-3.log'))
    offered = app and wait_for(lambda: find_all(app, role='push button', pattern=RESTORE),
                               timeout=4)
    tap.result(quit_ok and main is not None and not offered,
               'after a normal quit the next start does not offer a restore',
               f'quit clean {quit_ok}, window {main is not None}, offered {bool(offered)}')
    play.keys('Tilewright', 'ctrl+q')
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
    with tempfile.TemporaryDirectory(prefix='tw-recovery-') as workdir:
        try:
            app_proc = run(tap, args, workdir)
        except smoke.Timeout as e:
            tap.bail_out_rest(str(e))
        except Exception as e:
            tap.comment(traceback.format_exc())
            tap.bail_out_rest(f'{type(e).__name__}: {e}')
        finally:
            signal.alarm(0)
            if app_proc is not None:
                app_proc.kill()
    tap.bail_out_rest('test ended early')
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
