#!/usr/bin/python3
"""The welcome page, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800).

The app started without a file, as a launcher starts it:
 1. shows the welcome page: its heading, Open, and a Play and a Design
    button for every bundled game (named after the game's `game: name:`),
    without the views' tabs;
 2. draws a picture of each bundled game (many colours in the picture's
    rectangle of the screenshot, not the blank table);
 3. "Play Colorblock" opens the definition and its New Game dialog; Start
    Game starts a game in the Play view;
 4. New Window (Ctrl+Shift+N) opens a second window on the welcome page,
    which lists Colorblock under Recent Definitions;
 5. "Design from Colorblock" in that window shows Design with a new,
    untitled definition copied from Colorblock.
The app started on a saved Tilewright game record (YAML, like a
definition):
 6. opens it in the Play view with all its moves, not as a broken
    definition.
Screenshots go to OUTDIR/screenshots/welcome-*.png.
"""
import importlib.util
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
design = smoke.load('design')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
allocated = smoke.allocated
do_action = smoke.do_action

N_TESTS = 6
OVERALL_TIMEOUT = 300
GAME_NAME = re.compile(r'^\s+name:\s*(.+?)\s*$', re.M)


def bundled_names(srcdir):
    """The bundled games' names, as their definitions give them."""
    games = os.path.join(srcdir, 'data', 'games')
    names = []
    for f in sorted(os.listdir(games)):
        if f.endswith('.yaml'):
            with open(os.path.join(games, f), encoding='utf-8') as fh:
                text = fh.read()
            # `game:` comes first in every bundled definition; its name: the first one
            m = re.search(r'^game:\s*\n((?:[ \t]+.*\n|\s*\n|#.*\n)+)', text, re.M)
            n = m and GAME_NAME.search(m.group(1))
            names.append(n.group(1).strip('"\'') if n else f[:-5])
    return names


def named_button(root, name):
    """The allocated push button whose accessible name is name (GTK 4.8
    may append the button's own label to it)."""
    for acc in find_all(root, role='push button', pattern='^' + re.escape(name) + r'( .*)?$'):
        if acc.get_n_actions() > 0 and allocated(acc):
            return acc
    return None


def tabs(main, name):
    return [t for t in find_all(main, role='page tab', name=name) if allocated(t)]


def colours_in(shot, e):
    """How many colours the screenshot has in the rectangle e."""
    out = subprocess.run(['convert', shot, '-crop', f'{e.width}x{e.height}+{e.x}+{e.y}',
                          '+repage', '-format', '%k', 'info:'],
                         capture_output=True, text=True, timeout=30)
    return int(out.stdout.strip() or 0)


def run(tap, args, workdir):
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    names = bundled_names(args.srcdir)
    app_proc = smoke.start_app(args, None, os.path.join(args.outdir, 'app-welcome.log'))
    app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: smoke.frame_named(app, '^Tilewright$'), timeout=15)
    if main is None:
        tap.bail_out_rest('no main window')
        return app_proc

    # 1: the welcome page, one Play and one Design per bundled game, no tabs
    heading = wait_for(lambda: find_all(main, role='label', name='Welcome to Tilewright'),
                       timeout=10)
    missing = [n for n in names
               if named_button(main, f'Play {n}') is None
               or named_button(main, f'Design from {n}') is None]
    open_button = named_button(main, 'Open…')
    shown_tabs = [t.get_name() for t in find_all(main, role='page tab') if allocated(t)]
    time.sleep(0.5)
    smoke.screenshot(args.outdir, 'welcome-start')
    tap.result(bool(heading) and open_button is not None and not missing and len(names) == 6
               and not shown_tabs,
               'started without a file: the welcome page offers Open and Play/Design '
               'for each of the 6 bundled games, without the views\' tabs',
               f'heading {bool(heading)}, Open {open_button is not None}, missing {missing}, '
               f'buttons {[a.get_name() for a in find_all(main, role="push button")][:12]}, '
               f'games {names}, tabs {shown_tabs}')

    # 2: each game's picture is drawn (on screen: the first row; the window
    # is at 0,0, so window coordinates are the screenshot's)
    pictures = [a for n in names
                for a in find_all(main, name=f'A game of {n} in progress') if allocated(a)]
    win = main.get_extents(Atspi.CoordType.WINDOW)
    boxes = [(p.get_name(), p.get_extents(Atspi.CoordType.WINDOW)) for p in pictures]
    boxes = [(n, e) for n, e in boxes
             if e.y >= 0 and e.y + e.height <= win.y + win.height and e.width > 100]

    def drawn():
        """Each picture on screen, with its colours: the positions are
        played when first drawn, which takes a while on a busy machine, so
        the screenshot is taken again until they show (or the wait ends)."""
        shot = smoke.screenshot(args.outdir, 'welcome-pictures')
        counts = [(n, colours_in(shot, e)) for n, e in boxes]
        return counts if counts and all(c >= 40 for _, c in counts) else None
    on_screen = wait_for(drawn, timeout=60, interval=1) or \
        [(n, colours_in(smoke.screenshot(args.outdir, 'welcome-pictures'), e)) for n, e in boxes]
    tap.result(len(pictures) == len(names) and len(on_screen) >= 2
               and all(c >= 40 for _, c in on_screen),
               'every bundled game has a picture; those on screen are drawn '
               '(many colours, not a blank table)',
               f'{len(pictures)} pictures; colours of those on screen {on_screen}')

    # 3: Play Colorblock: its New Game dialog, then a game in the Play view
    do_action(named_button(main, 'Play Colorblock'))
    dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
    started = False
    if dialog is not None:
        time.sleep(0.4)
        smoke.screenshot(args.outdir, 'welcome-play-dialog')
        play.press(dialog, 'Start Game')
        started = wait_for(lambda: find_all(main, role='label', name='Player 1 to play'),
                           timeout=10)
    play_tab = tabs(main, 'Play')
    selected = bool(play_tab) and smoke.has_state(play_tab[0], Atspi.StateType.SELECTED)
    time.sleep(0.4)
    smoke.screenshot(args.outdir, 'welcome-play-started')
    tap.result(dialog is not None and bool(started) and selected
               and 'Colorblock' in play.main_title(main),
               '"Play Colorblock" opens its New Game dialog; Start Game starts it in Play',
               f'dialog {dialog is not None}, started {bool(started)}, Play tab selected '
               f'{selected}, title {play.main_title(main)!r}')

    # 4: New Window: the welcome page again, with Colorblock as a recent definition
    before = set(smoke.xdotool_windows('Tilewright'))
    play.keys('Tilewright', 'ctrl+shift+n')
    second = wait_for(lambda: [w for w in smoke.toplevels(app)
                               if w.get_name() == 'Tilewright'
                               and find_all(w, role='label', name='Welcome to Tilewright')],
                      timeout=10)
    second = second[0] if second else None
    recent = second and wait_for(
        lambda: [a for a in find_all(second, name='Recent Definitions')] and
        [a for a in find_all(second, role='list item', pattern=r'^Colorblock\b')
         if allocated(a)] or
        [a for a in find_all(second, pattern=r'^Colorblock .*colorblock\.yaml')
         if allocated(a)], timeout=5)
    if second is not None:
        # the list sits below the games: scroll to it for the screenshot
        after = [w for w in smoke.xdotool_windows('Tilewright') if w not in before]
        if after:
            subprocess.run(['xdotool', 'windowraise', after[-1]])
            subprocess.run(['xdotool', 'mousemove', '550', '500'])
            for _ in range(20):
                subprocess.run(['xdotool', 'click', '5'])
        time.sleep(0.5)
        smoke.screenshot(args.outdir, 'welcome-recent')
    tap.result(second is not None and bool(recent),
               'New Window (Ctrl+Shift+N) opens on the welcome page; it lists Colorblock '
               'under Recent Definitions',
               f'second window {second is not None}, recent row {bool(recent)}')

    # 5: Design from Colorblock: a new, untitled definition in Design
    ok = False
    text = ''
    if second is not None:
        do_action(named_button(second, 'Design from Colorblock'))
        view = wait_for(lambda: design.source_view(second), timeout=10)
        text = view and wait_for(lambda: (lambda t: t if 'Colorblock' in t else None)(
            design.view_text(view)), timeout=10) or ''
        design_tab = tabs(second, 'Design')
        ok = bool(text) and bool(design_tab) and smoke.has_state(
            design_tab[0], Atspi.StateType.SELECTED)
        time.sleep(0.5)
        smoke.screenshot(args.outdir, 'welcome-design')
    tap.result(ok and 'colorblock.yaml' not in (second.get_name() or ''),
               '"Design from Colorblock" shows Design with an untitled copy of Colorblock',
               f'ok {ok}, text starts {text[:60]!r}, title {second and second.get_name()!r}')
    return app_proc


def run_record(tap, args, workdir):
    """6: a Tilewright record given on the command line opens in Play."""
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data-record')
    record = os.path.join(workdir, 'game.yaml')
    cli = os.path.join(os.path.dirname(os.path.dirname(args.app)), 'cli', 'tilewright-cli')
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    subprocess.run([cli, 'play', game, '--players', '2', '--seed', '5', '--record', record],
                   check=True, capture_output=True, timeout=60)
    with open(record, encoding='utf-8') as f:
        n_moves = len(re.findall(r'^- ', f.read().split('\nmoves:', 1)[1], re.M))
    app_proc = smoke.start_app(args, record, os.path.join(args.outdir, 'app-welcome-record.log'))
    app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
    # the seats are named P1 and P2 in this record ("12. P2 places …"; the
    # results' "1. P2" is not a move)
    rows = main and wait_for(lambda: find_all(main, role='label', pattern=r'^\d+\. P[12] \w'),
                             timeout=10) or []
    errors = [w.get_name() for w in smoke.toplevels(app) if 'Could Not Open' in (w.get_name() or '')] \
        if app else []
    time.sleep(0.4)
    smoke.screenshot(args.outdir, 'welcome-record')
    tap.result(n_moves > 4 and len(rows) == n_moves and not errors,
               'a saved game record given on the command line opens in Play with its moves',
               f'{len(rows)} rows of {n_moves} moves, error windows {errors}')
    return app_proc


def main():
    return smoke.run_script([run, run_record], N_TESTS, 'tw-welcome-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
