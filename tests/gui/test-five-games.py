#!/usr/bin/python3
"""Every game at the table, driven through AT-SPI. Prints TAP.

For each of the five bundled games: start the app on its definition, start
a 2-player human game from the New Game dialog, play four moves with the
"Random Move" button, undo one and redo it, and take a screenshot of the
board (OUTDIR/screenshots/game-<id>.png). The Colorblock game is covered in
depth by test-play.py; this checks that no game needs anything the generic
Play view lacks.
"""
import argparse
import importlib.util
import os
import signal
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


smoke = load('smoke', 'test-smoke.py')
play = load('play', 'test-play.py')

GAMES = ['colorblock', 'blokus-shuffle', 'colorfield', 'color-shift', 'block-2-block']
CHECKS = 3
OVERALL_TIMEOUT = 220


def one_game(tap, args, game_id, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', game_id + '.yaml')
    # each game its own data home: the previous app was stopped mid-game, and
    # its autosave would otherwise be offered for restoring
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, game_id)
    app_proc = play.start_app(args, game, os.path.join(args.outdir, f'app-{game_id}.log'))
    try:
        app = smoke.wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and smoke.wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, f'{game_id}: the app starts on its definition'):
            for _ in range(CHECKS - 1):
                tap.result(False, f'{game_id}: not reached: no window')
            return
        tab = [t for t in smoke.find_all(main, role='page tab', name='Play') if smoke.allocated(t)]
        smoke.do_action(tab[0])
        play.press(main, 'New Game…')
        dialog = smoke.wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
        play.press(dialog, 'Start Game')
        smoke.wait_for(lambda: smoke.find_all(main, role='label', pattern=' to play$'), timeout=10)

        for _ in range(4):
            n = len(play.move_rows(main))
            play.press(main, 'Random Move')
            smoke.wait_for(lambda: len(play.move_rows(main)) > n, timeout=10)
        rows = play.move_rows(main)
        tap.result(len(rows) == 4, f'{game_id}: four moves played and listed in notation',
                   f'rows {rows}')

        undo = play.button(main, 'Undo')
        redo = play.button(main, 'Redo')
        smoke.do_action(undo)
        can_redo = smoke.wait_for(lambda: play.sensitive(redo), timeout=5)
        smoke.do_action(redo)
        done = smoke.wait_for(lambda: not play.sensitive(redo), timeout=5)
        time.sleep(0.5)
        shot = smoke.screenshot(args.outdir, f'game-{game_id}')
        tap.result(bool(can_redo) and bool(done) and len(play.move_rows(main)) == 4
                   and os.path.exists(shot),
                   f'{game_id}: undo and redo; board screenshot taken',
                   f'redo after undo {bool(can_redo)}, rows {play.move_rows(main)}')
    finally:
        app_proc.kill()


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
    tap = smoke.Tap(CHECKS * len(GAMES))
    with tempfile.TemporaryDirectory(prefix='tw-games-') as workdir:
        try:
            for game_id in GAMES:
                one_game(tap, args, game_id, workdir)
        except smoke.Timeout as e:
            tap.bail_out_rest(str(e))
        except Exception as e:
            tap.bail_out_rest(f'{type(e).__name__}: {e}')
        finally:
            signal.alarm(0)
    tap.bail_out_rest('test ended early')
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
