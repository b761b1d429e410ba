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
more: a game the user closed normally is not offered again. In that last
app, with a directory where the autosave goes, a new game's moves show one
toast "Could not autosave the game: …" and no more. Screenshots go to
OUTDIR/screenshots/recovery-*.png.
"""
import importlib.util
import os
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')

find_all = smoke.find_all
wait_for = smoke.wait_for
start = smoke.start

N_TESTS = 8
MOVES = 5
# the autosave holds a change within this (AUTOSAVE_DELAY_MS plus the write)
AUTOSAVE_BOUND = 1.0
OVERALL_TIMEOUT = 200
RESTORE = r'^_?Restore\b'
AUTOSAVE_FAILED = r'^Could not autosave the game: '


def turn_labels(main):
    return [a.get_name() for a in find_all(main, role='label', pattern=' to play$')]


def selected_rows(main):
    """The move list's selected row (the current node), as its label's text."""
    rows = []
    for row in find_all(main, role='list item'):
        if smoke.has_state(row, smoke.Atspi.StateType.SELECTED):
            rows += play.row_texts(row, play.MOVE_ROW)
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

    # 7: the autosave cannot be written (a directory stands where it goes:
    # chmod does not stop root, which the CI runs as): the first failed
    # write shows one toast with the reason, the next failures show nothing
    # more; once it can be written again, it is
    toasts_seen, failures_logged, rewritten = [], 0, False
    first, gone, again = [], None, []
    if main is not None:
        if os.path.isfile(autosave):
            os.unlink(autosave)
        os.makedirs(autosave, exist_ok=True)
        tab = [t for t in find_all(main, role='page tab', name='Play') if smoke.allocated(t)]
        smoke.do_action(tab[0])
        play.press(main, 'New Game…')
        dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
        play.press(dialog, 'Start Game')
        page = play_page(main)
        wait_for(lambda: turn_labels(page), timeout=10)

        def toasts():
            return [a.get_name() for a in find_all(main, role='label', pattern=AUTOSAVE_FAILED)
                    if smoke.allocated(a)]
        n = len(play.move_rows(page))
        play.press(page, 'Random Move')
        wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
        first = wait_for(toasts, timeout=5) or []
        toasts_seen += first
        time.sleep(0.3)
        smoke.screenshot(args.outdir, 'recovery-autosave-failed')
        # three more moves, each written (and failing) on its own
        for _ in range(3):
            n = len(play.move_rows(page))
            play.press(page, 'Random Move')
            wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
            time.sleep(AUTOSAVE_BOUND)
        # the toast times out (5 s); a queued second one would show next
        gone = wait_for(lambda: not toasts(), timeout=10, interval=0.3)
        again = wait_for(toasts, timeout=2) or []
        toasts_seen += again
        with open(os.path.join(args.outdir, 'app-recovery-3.log'), errors='replace') as f:
            failures_logged = f.read().count('Could not autosave the game')
        # writable again: the next move lands in the autosave
        os.rmdir(autosave)
        n = len(play.move_rows(page))
        play.press(page, 'Random Move')
        wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
        rewritten = bool(wait_for(lambda: os.path.isfile(autosave), timeout=5))
    tap.result(len(first) == 1 and bool(gone) and not again
               and failures_logged >= 4 and rewritten,
               'a failed autosave is shown once in a toast with its reason, not on every '
               'move; it is written again once it can be',
               f'toasts {toasts_seen}, failed writes logged {failures_logged}, '
               f'first toast gone {bool(gone)}, written again {rewritten}')
    play.keys('Tilewright', 'ctrl+q')
    confirm = wait_for(lambda: find_all(app, role='push button', pattern=r'^_?Discard\b'),
                       timeout=3)
    if confirm:
        smoke.do_action(confirm[0])
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-recovery-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
