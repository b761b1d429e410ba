#!/usr/bin/python3
"""Every game at the table, driven through AT-SPI. Prints TAP.

For each of the five bundled games: start the app on its definition, start
a 2-player human game from the New Game dialog, play four moves with the
"Random Move" button, undo one and redo it, and take a screenshot of the
board (OUTDIR/screenshots/game-<id>.png; a pass-the-device screen, as in
Color Shift between two people, is confirmed first so the board shows). Then save the game through the
Save Game file chooser (Ctrl+S), check that `tilewright-cli replay` replays
the file to the same number of moves and the same scores as the Play view
shows, play one more move, open the file again through the Open Saved Game
chooser (Ctrl+O, confirming the discard) and check that the move list, the
scores and the seat to play are those that were saved
(OUTDIR/screenshots/game-<id>-reopened.png). The Colorblock game is covered
in depth by test-play.py; this checks that no game needs anything the generic
Play view lacks.
"""
import importlib.util
import json
import os
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')

GAMES = ['colorblock', 'blokus-shuffle', 'colorfield', 'color-shift', 'block-2-block']
CHECKS = 5
OVERALL_TIMEOUT = 400
SCORE = r'^Player \d: -?[0-9.e+]+$'


def scores(main):
    """The score panel as {seat name: score}."""
    found = {}
    for a in smoke.find_all(main, role='label', pattern=SCORE):
        name, value = a.get_name().rsplit(': ', 1)
        found[name] = float(value)
    return found


def turn(main):
    return [a.get_name() for a in smoke.find_all(main, role='label', pattern=' to play$')]


def play_page(main):
    """The Play view's accessible (its subtree has the board, the move list,
    the scores and the buttons), else the whole window."""
    pages = smoke.find_all(main, name='TwPlayPage')
    return pages[0] if pages else main


def title(main):
    try:
        return main.get_name() or ''
    except smoke.GLibError:
        return ''


def board_shown(page):
    """The game board is on screen and no pass-the-device screen covers it."""
    return bool([a for a in smoke.find_all(page, role='image', name='Game board')
                 if smoke.allocated(a)]) and play.pass_button(page) is None


def show_board(page):
    """Confirms a pass-the-device screen if one is shown; True once the board
    is on screen."""
    covered = smoke.wait_for(lambda: play.pass_button(page), timeout=1)
    if covered is not None:
        smoke.do_action(covered)
    return bool(smoke.wait_for(lambda: board_shown(page), timeout=5))


def cli_replay(path):
    """tilewright-cli replay FILE as (its JSON or None, its stderr)."""
    builddir = os.environ.get('TILEWRIGHT_BUILDDIR', '')
    cli = os.path.join(builddir, 'src', 'cli', 'tilewright-cli')
    if not os.path.exists(cli):
        return None, f'no {cli}'
    result = subprocess.run([cli, 'replay', path], capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        return None, result.stderr
    return json.loads(result.stdout), result.stderr


def one_game(tap, args, game_id, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', game_id + '.yaml')
    # each game its own data home: the previous app was stopped mid-game, and
    # its autosave would otherwise be offered for restoring
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, game_id)
    app_proc = play.start_app(args, game, os.path.join(args.outdir, f'app-{game_id}.log'))
    first = tap.n
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
        # the Play page's subtree: walking the whole window (the Design, Lab and
        # Print pages are in it, hidden) costs several times as much per look
        page = play_page(main)
        smoke.wait_for(lambda: turn(page), timeout=10)

        for _ in range(4):
            n = len(play.move_rows(page))
            play.press(page, 'Random Move')
            smoke.wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
        rows = play.move_rows(page)
        if not tap.result(len(rows) == 4, f'{game_id}: four moves played and listed in notation',
                          f'rows {rows}, labels '
                          f'{[a.get_name() for a in smoke.find_all(page, role="label")][:60]}'):
            smoke.screenshot(args.outdir, f'game-{game_id}-failed')

        undo = play.button(page, 'Undo')
        redo = play.button(page, 'Redo')
        smoke.do_action(undo)
        can_redo = smoke.wait_for(lambda: play.sensitive(redo), timeout=5)
        smoke.do_action(redo)
        done = smoke.wait_for(lambda: not play.sensitive(redo), timeout=5)
        # two people with secret hands (Color Shift): the pass-the-device
        # screen covers the table; confirm it, as the next player would, so
        # that the artefact shows the board
        board = show_board(page)
        time.sleep(0.5)
        shot = smoke.screenshot(args.outdir, f'game-{game_id}')
        tap.result(bool(can_redo) and bool(done) and len(play.move_rows(page)) == 4
                   and board and os.path.exists(shot),
                   f'{game_id}: undo and redo; board screenshot taken',
                   f'redo after undo {bool(can_redo)}, rows {play.move_rows(page)}, '
                   f'board shown {board}')

        # save through the file chooser; the CLI replays the file to the same game
        rows = play.move_rows(page)
        saved_scores = scores(page)
        saved_turn = turn(page)
        record = os.path.join(workdir, f'{game_id}-saved.yaml')
        play.keys('Tilewright', 'ctrl+s')
        smoke.wait_for(lambda: smoke.xdotool_windows('^Save Game$'), timeout=10)
        time.sleep(0.8)
        play.keys('^Save Game$', 'ctrl+a', text=record)
        play.keys('^Save Game$', 'Return')
        saved = smoke.wait_for(lambda: os.path.exists(record)
                               and title(main).startswith(os.path.basename(record)), timeout=10)
        replay, err = cli_replay(record) if os.path.exists(record) else (None, 'not saved')
        cli_scores = replay and {f'Player {i + 1}': float(v)
                                 for i, v in enumerate(replay['scores'])}
        tap.result(bool(saved) and replay is not None and replay['moves'] == 4
                   and replay['rules'] == game_id and len(saved_scores) == 2
                   and cli_scores == saved_scores,
                   f'{game_id}: Ctrl+S saves the game; tilewright-cli replay gives its 4 moves '
                   'and the scores the Play view shows',
                   f'saved {bool(saved)}, title {title(main)!r}, replay {replay}, '
                   f'stderr {err!r}, view scores {saved_scores}')

        # one more move, then reopen the file: the saved position comes back
        n = len(play.move_rows(page))
        play.press(page, 'Random Move')
        smoke.wait_for(lambda: len(play.move_rows(page)) > n, timeout=10)
        changed = play.move_rows(page) != rows
        play.keys('Tilewright', 'ctrl+o')
        confirm = smoke.wait_for(lambda: smoke.find_all(app, role='push button',
                                                        pattern=r'^_?Discard\b'), timeout=10)
        if confirm:
            smoke.do_action(confirm[0])
        smoke.wait_for(lambda: smoke.xdotool_windows('^Open Saved Game$'), timeout=10)
        time.sleep(0.8)
        play.keys('^Open Saved Game$', 'ctrl+l', text=record)
        play.keys('^Open Saved Game$', 'Return')
        reopened = smoke.wait_for(lambda: play.move_rows(page) == rows
                                  and title(main).startswith(os.path.basename(record)),
                                  timeout=10)
        now_scores, now_turn = scores(page), turn(page)
        show_board(page)
        time.sleep(0.5)
        shot = smoke.screenshot(args.outdir, f'game-{game_id}-reopened')
        tap.result(changed and bool(confirm) and bool(reopened) and now_scores == saved_scores
                   and now_turn == saved_turn and os.path.exists(shot),
                   f'{game_id}: Ctrl+O reopens the saved file at the saved position '
                   '(moves, scores, seat to play); screenshot taken',
                   f'moved on {changed}, confirm {bool(confirm)}, rows {play.move_rows(page)} '
                   f'(wanted {rows}), scores {now_scores} (wanted {saved_scores}), '
                   f'turn {now_turn} (wanted {saved_turn}), title {title(main)!r}')
    except smoke.Timeout:
        raise
    except Exception as e:
        # this game's remaining checks fail; the next game still runs
        tap.comment(traceback.format_exc())
        while tap.n < first + CHECKS:
            tap.result(False, f'{game_id}: not reached: {type(e).__name__}: {e}')
    finally:
        app_proc.kill()


def main():
    return smoke.run_script([lambda tap, args, workdir, g=g: one_game(tap, args, g, workdir)
                             for g in GAMES], CHECKS * len(GAMES), 'tw-games-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
