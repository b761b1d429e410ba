#!/usr/bin/python3
"""The Play view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, switches to Play, starts a 2-player human game
with a fixed seed from the New Game dialog, plays moves with the "Random
Move" button and with "Hint" + "Play Selected", plays the selected target
with the keyboard, undoes and redoes, saves the record through the file
chooser, changes the game, reopens the record after confirming the discard,
and checks the autosave. Then it drags a tile onto a legal target and onto
an illegal spot (xdotool; the target is found by diffing screenshots with
and without "Show Legal Targets", the window sits at 0,0 without a window
manager), makes a variation by undoing and playing another move, jumps
between the lines by clicking their rows, promotes the variation, plays to
the end and quits. Last, a second app on Color Shift (hands are secret)
checks the pass-the-device screen between the two human seats; a third, on
Color Shift with seat 2 a bot, checks that no pass screen ever shows and that
the title's "•" follows the visible view (the saved game in Play, the edited
definition in Design); a fourth, on Blokus Shuffle, drags two different
pieces from the tray onto the board (the first put back with Escape); a
fifth, on Block 2 Block, checks that New Game disables Short Stack (a 2-4
player version) with 5 players and says why. Screenshots of the board go to OUTDIR/screenshots/play-*.png.
"""
import importlib.util
import os
import re
import subprocess
import sys
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
start_app = smoke.start_app

SEED = '4242'
N_TESTS = 23
OVERALL_TIMEOUT = 400
# a row says the move in words, "3. Player 1 places …"; its accessible
# description is the notation. move_rows() and variation_rows() give each row
# as "3. Player 1: NOTATION".
MOVE_ROW = r'^\d+\. Player \d '
VARIATION_ROW = r'^↳ \d+\. Player \d '
PASS_BUTTON = r'^I am .+ — Show$'


def button(root, name):
    """The allocated, pressable button (push or toggle) called name. GTK 4.8
    appends a button's label to its accessible label: "Hint Hint"."""
    pattern = '^' + re.escape(name) + '( ' + re.escape(name) + ')?$'
    for role in ('push button', 'toggle button'):
        for acc in find_all(root, role=role, pattern=pattern):
            if acc.get_n_actions() > 0 and allocated(acc):
                return acc
    return None


def show_panel(root, name):
    """Shows the side panel's page called name ("Moves", "Score", "Players",
    "Cards") by its tab, as a person clicks it. Returns whether the tab was
    there."""
    tabs = [t for t in find_all(root, role='page tab', name=name)
            if t.get_n_actions() > 0 and allocated(t)]
    if tabs:
        tabs[0].do_action(0)
    return bool(tabs)


def pass_button(root):
    """The "I am … — Show" button of the pass-the-device screen, if shown."""
    for acc in find_all(root, role='push button', pattern=PASS_BUTTON):
        if acc.get_n_actions() > 0 and allocated(acc):
            return acc
    return None


def press(root, name, timeout=5, confirm_pass=True):
    """Presses the button called name. With confirm_pass, a pass-the-device
    screen in the way (games with secret hands between two people) is
    confirmed first, as the next player at the table would."""
    acc = wait_for(lambda: button(root, name) or (confirm_pass and pass_button(root)),
                   timeout=timeout)
    if acc is not None and re.search(PASS_BUTTON, acc.get_name() or ''):
        do_action(acc)
        acc = wait_for(lambda: button(root, name), timeout=timeout)
    if acc is None:
        raise AssertionError(f'no button {name!r}')
    do_action(acc)
    return acc


def sensitive(acc):
    return has_state(acc, Atspi.StateType.SENSITIVE)


def row_text(acc):
    """A move-list row as "3. Player 1: NOTATION" (its number and seat from
    the words shown, the notation from its description); None for a row the
    list dropped since it was found (a bot's move rebuilds the list while a
    test reads it: AT-SPI then says "The application no longer exists")."""
    try:
        name = acc.get_name() or ''
        m = re.match(r'^((?:↳ )?\d+\. Player \d) ', name)
        return f'{m.group(1)}: {acc.get_description()}' if m else name
    except smoke.GLibError:
        return None


def row_texts(root, pattern):
    """row_text() of every row matching pattern that is still there."""
    return [t for t in (row_text(a) for a in find_all(root, role='label', pattern=pattern))
            if t is not None]


def move_rows(root, confirm_pass=True):
    """The main line's rows of the move list, as row_text(). With
    confirm_pass, a pass-the-device screen hiding the list is confirmed
    first, as the next player at the table would."""
    rows = row_texts(root, MOVE_ROW)
    if not rows and confirm_pass:
        acc = pass_button(root)
        if acc is not None:
            do_action(acc)
            rows = wait_for(lambda: row_texts(root, MOVE_ROW), timeout=5) or []
    return rows


def variation_rows(root):
    return row_texts(root, VARIATION_ROW)


def xdo(*argv):
    subprocess.run(['xdotool', *map(str, argv)], check=True)


def click_label(root, text):
    """Clicks the move-list row whose row_text() is text (rows have no AT-SPI
    action in GTK 4.8; the window is at 0,0, so its extents are screen
    positions)."""
    acc = [a for a in find_all(root, role='label', pattern=r'^(↳ )?\d+\. ')
           if row_text(a) == text]
    if not acc:
        raise AssertionError(f'no row {text!r}')
    e = acc[0].get_extents(Atspi.CoordType.WINDOW)
    xdo('mousemove', e.x + min(40, e.width // 2), e.y + e.height // 2)
    time.sleep(0.1)
    xdo('click', 1)


def drag(start, end, steps=6):
    """Presses at start, moves to end in steps, releases: a pointer drag."""
    xdo('mousemove', *start)
    time.sleep(0.1)
    xdo('mousedown', 1)
    for i in range(1, steps + 1):
        xdo('mousemove', start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps)
        time.sleep(0.05)
    time.sleep(0.3)


def diff_points(a, b, box, outdir):
    """The pixels inside box (x, y, w, h) where screenshots a and b differ, in
    screen coordinates, top to bottom."""
    diff = os.path.join(outdir, 'play-targets-diff.png')
    subprocess.run(['compare', a, b, '-compose', 'Src', '-highlight-color', 'white',
                    '-lowlight-color', 'black', diff], capture_output=True, timeout=30)
    x, y, w, h = box
    out = subprocess.run(['convert', diff, '-crop', f'{w}x{h}+{x}+{y}', '+repage', 'txt:-'],
                         capture_output=True, text=True, timeout=30).stdout
    return [(x + int(m.group(1)), y + int(m.group(2)))
            for m in re.finditer(r'^(\d+),(\d+): \(\d+,\d+,\d+\)\s+#FFFFFF', out, re.M)]


def showing_window_names():
    """The titles of the visible X windows, for a failure message."""
    return [subprocess.run(['xdotool', 'getwindowname', w], capture_output=True,
                           text=True).stdout.strip() for w in xdotool_windows('.')]


def keys(window_pattern, *keyseq, text=None):
    windows = wait_for(lambda: xdotool_windows(window_pattern), timeout=10) or []
    if not windows:
        raise AssertionError(f'no X window named {window_pattern!r}; showing: '
                             f'{showing_window_names()}')
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
        # options by their labels from the module's table, not their ids
        wanted = ['Players', 'Seed', 'Seat 1 name', 'Seat 2 plays', 'Expert Mode (draft)',
                  'Tiles may be turned', 'Private board size']
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

        # 11: save through the file chooser (Ctrl+S); saved games have their
        # own extension, which the dialog proposes
        record = os.path.join(workdir, 'game.twgame')
        keys('Tilewright', 'ctrl+s')
        wait_for(lambda: xdotool_windows('^Save Game$'), timeout=10)
        time.sleep(0.8)

        def proposed():
            for a in find_all(app, role='text'):
                if a.get_text_iface() is None:
                    continue
                t = Atspi.Text.get_text(a, 0, Atspi.Text.get_character_count(a))
                if re.match(r'^colorblock-\d{4}-\d\d-\d\d-\d{4}\.twgame$', t or ''):
                    return t
            return None
        name = wait_for(proposed, timeout=5)
        tap.comment(f'the Save Game dialog proposes {name!r}')
        keys('^Save Game$', 'ctrl+a', text=record)
        keys('^Save Game$', 'Return')
        saved = wait_for(lambda: os.path.exists(record), timeout=10)
        title = wait_for(lambda: main_title(main).startswith('game.twgame'), timeout=5) \
            and main_title(main)
        tap.result(bool(saved) and bool(title) and bool(name),
                   'Ctrl+S proposes a .twgame name and saves the record; the title shows its file',
                   f'proposed {name!r}, saved {bool(saved)}, title {main_title(main)!r}')

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
                            and main_title(main).startswith('game.twgame'), timeout=10)
        tap.result(bool(confirm) and bool(reopened),
                   'Ctrl+O confirms the discard, then reopens the saved record (5 moves)',
                   f'confirm {bool(confirm)}, rows {move_rows(main)}, title {main_title(main)!r}')

        # 13: drag to place: the ghost follows the pointer onto a legal target,
        # releasing plays it; released where nothing legal lands, nothing is
        # played and the click's reason is shown
        board = find_all(main, role='image', name='Game board')[0]
        e = board.get_extents(Atspi.CoordType.WINDOW)
        preview = find_all(main, role='label', pattern=r'^(Point at a cell|Selected: )')[0]
        targets_on = screenshot(args.outdir, 'play-targets-on')
        press(main, 'Show Legal Targets')
        time.sleep(0.4)
        targets_off = screenshot(args.outdir, 'play-targets-off')
        points = diff_points(targets_on, targets_off, (e.x, e.y, e.width, e.height), args.outdir)
        corner = (e.x + 6, e.y + 6)   # the table's padding: never a target
        target, seen = None, ''
        for (x, y) in points[:1] + points[len(points) // 2:len(points) // 2 + 1]:
            for d in (5, 9, 14):
                xdo('mousemove', x + d, y + d)
                if wait_for(lambda: preview.get_name().startswith('Selected: '), timeout=0.6,
                            interval=0.05):
                    # the line says the move in words; its notation is the description
                    target, seen = (x + d, y + d), preview.get_description()
                    break
            if target:
                break
        n = len(move_rows(main))
        during = ''
        if target:
            drag(corner, target)
            during = preview.get_description()
            screenshot(args.outdir, 'play-drag')
            xdo('mouseup', 1)
        placed = wait_for(lambda: len(move_rows(main)) == n + 1, timeout=5)
        last = move_rows(main)[-1] if move_rows(main) else ''
        # the illegal drop: from the target back to the table's corner
        refused = []
        if target:
            drag(target, corner)
            screenshot(args.outdir, 'play-drag-illegal')
            xdo('mouseup', 1)
            refused = wait_for(lambda: find_all(main, role='label', pattern=r'^No legal move lands there'),
                               timeout=5)
        time.sleep(0.3)
        tap.result(target is not None and during == seen and bool(placed)
                   and last.endswith(': ' + seen) and bool(refused)
                   and len(move_rows(main)) == n + 1,
                   'dragging onto a legal target places it; a drop where nothing lands is refused',
                   f'target {target} of {len(points)} highlighted pixels, preview {seen!r}, '
                   f'during drag {during!r}, last row {last!r}, refused {bool(refused)}, '
                   f'rows {len(move_rows(main))} (wanted {n + 1})')

        # 14: undo and a different move make a variation, listed under the move
        # it replaces; clicking a row of either line jumps there. The refused
        # drop's toast lies over the move list's last rows until it times out:
        # the rows are clicked once it has gone.
        wait_for(lambda: not find_all(main, role='label', pattern=r'^No legal move lands there'),
                 timeout=30)
        main_line = move_rows(main)
        promote = button(main, 'Promote Variation')
        for _ in range(4):
            press(main, 'Undo')
            wait_for(lambda: sensitive(button(main, 'Redo')), timeout=5)
            press(main, 'Random Move')
            if wait_for(lambda: variation_rows(main), timeout=3):
                break
        variations = variation_rows(main)
        on_variation = bool(wait_for(lambda: sensitive(promote), timeout=5))
        time.sleep(0.3)
        screenshot(args.outdir, 'play-variation')
        click_label(main, main_line[-1])
        back_on_main = wait_for(lambda: not sensitive(promote), timeout=5)
        at_leaf = not sensitive(button(main, 'Redo'))
        jumped = False
        if variations:
            click_label(main, variations[0])
            jumped = bool(wait_for(lambda: sensitive(promote), timeout=5))
        tap.result(len(variations) == 1 and move_rows(main) == main_line and on_variation
                   and bool(back_on_main) and at_leaf and jumped
                   and not find_all(main, pattern=PASS_BUTTON),
                   'undo + another move adds a variation row; clicking rows jumps between lines',
                   f'variations {variations}, main line {move_rows(main)} (was {main_line}), '
                   f'promote on variation {on_variation}, after main click {bool(back_on_main)}, '
                   f'leaf {at_leaf}, after variation click {jumped}')

        # 15: Promote Variation makes the variation the main line
        do_action(promote)
        var_text = variations[0][2:] if variations else '?'
        promoted = wait_for(lambda: var_text in move_rows(main)
                            and variation_rows(main) == ['↳ ' + main_line[-1]]
                            and not sensitive(promote), timeout=5)
        time.sleep(0.3)
        screenshot(args.outdir, 'play-promoted')
        rows_promoted, vars_promoted = move_rows(main), variation_rows(main)
        # and back through the row's context menu (right-click)
        menu_item = []
        if promoted:
            acc = [a for a in find_all(main, role='label', pattern=VARIATION_ROW)
                   if row_text(a) == '↳ ' + main_line[-1]][0]
            e = acc.get_extents(Atspi.CoordType.WINDOW)
            xdo('mousemove', e.x + 40, e.y + e.height // 2)
            time.sleep(0.1)
            xdo('click', 3)
            menu_item = wait_for(lambda: [a for a in find_all(app, role='menu item',
                                                              name='Promote Variation')
                                          if a.get_n_actions() > 0], timeout=5)
            time.sleep(0.3)
            screenshot(args.outdir, 'play-promote-menu')
            if menu_item:
                do_action(menu_item[0])
        restored = wait_for(lambda: move_rows(main) == main_line
                            and variation_rows(main) == variations, timeout=5)
        # the current move is on the variation again
        back_on_variation = wait_for(lambda: sensitive(promote), timeout=5)
        tap.result(bool(promoted) and bool(menu_item) and bool(restored) and bool(back_on_variation),
                   'Promote Variation (button, row menu) swaps the variation and the main line',
                   f'after the button: rows {rows_promoted}, variations {vars_promoted}; '
                   f'menu item {bool(menu_item)}; after the menu: rows {move_rows(main)}, '
                   f'variations {variation_rows(main)}')

        # 16: play to the end with random moves: results. The button and the
        # move list are looked up once: every find_all() walks the whole window
        # (all four views), about a second each, and the list grows to ~80 rows
        started = time.monotonic()
        b = button(main, 'Random Move')
        move_list = find_all(main, role='list', name='Move list')[0]

        def n_rows():
            try:
                return move_list.get_child_count()
            except smoke.GLibError:
                return -1
        for _ in range(200):
            if b is None or not sensitive(b):
                break
            n = n_rows()
            do_action(b)
            wait_for(lambda: n_rows() > n, timeout=5, interval=0.05)
        tap.comment(f'played to the end in {time.monotonic() - started:.1f} s')
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

        # 17: quit (the finished game is unsaved: confirm)
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


def new_game_dialog(args, workdir, game_id, tag):
    """Starts the app on a bundled game with its own data home and log
    (app-play-TAG.log), shows Play and opens New Game; returns the app's
    process, accessible app, main window and the dialog."""
    game = os.path.join(args.srcdir, 'data', 'games', game_id + '.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data-' + tag)
    app_proc = start_app(args, game, os.path.join(args.outdir, f'app-play-{tag}.log'))
    app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
    tab = [t for t in find_all(main, role='page tab', name='Play') if allocated(t)]
    do_action(tab[0])
    press(main, 'New Game…')
    dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
    return app_proc, app, main, dialog


def run_pass_device(tap, args, workdir):
    """18: Color Shift keeps hands secret: between two people the table is
    covered until the next one confirms."""
    app_proc, app, main, dialog = new_game_dialog(args, workdir, 'color-shift', 'pass')
    press(dialog, 'Start Game')
    first = wait_for(lambda: find_all(main, role='label', name='Player 1 to play'), timeout=10)
    shown_first = bool(find_all(main, role='image', name='Game board'))
    # a Color Shift turn has several steps: play until Player 2 is to act
    covered = None
    for _ in range(8):
        press(main, 'Random Move', confirm_pass=False)
        covered = wait_for(lambda: pass_button(main), timeout=1.5)
        if covered:
            break
    covered_name = covered.get_name() if covered else None
    title = find_all(main, role='label', name='Pass to Player 2')
    hidden = not find_all(main, role='image', name='Game board') \
        and not find_all(main, role='push button', pattern='^Random Move')
    time.sleep(0.3)
    screenshot(args.outdir, 'play-pass-device')
    keys('Tilewright', 'Return')
    board = wait_for(lambda: find_all(main, role='image', name='Game board'), timeout=5)
    desc = board[0].get_description() if board else ''
    time.sleep(0.3)
    screenshot(args.outdir, 'play-pass-shown')
    tap.result(bool(first) and shown_first and covered_name == 'I am Player 2 — Show'
               and bool(title) and hidden
               and 'Player 2 to play' in desc and not pass_button(main),
               'between two people with secret hands, "Pass to Player 2" hides the table '
               'until Return confirms',
               f'first turn shown {shown_first}, pass button {covered_name!r}, '
               f'title {bool(title)}, table hidden {hidden}, board after {desc!r}')
    return app_proc


def click_in_dialog(dialog_pattern, acc, dx):
    """Clicks acc dx pixels from its left, half way down: the dialog sits at
    0,0 without a window manager, so window coordinates are the screen's."""
    e = acc.get_extents(Atspi.CoordType.WINDOW)
    windows = wait_for(lambda: xdotool_windows(dialog_pattern), timeout=5) or []
    if windows:
        subprocess.run(['xdotool', 'windowfocus', '--sync', windows[-1]])
    xdo('mousemove', e.x + dx, e.y + e.height // 2)
    time.sleep(0.1)
    xdo('click', 1)


def choose_seat_kind(dialog_pattern, dialog, row_name, kind):
    """Sets the New Game dialog's combo row row_name ("Seat 2 plays") to kind
    ("Random bot"): combo rows have no AT-SPI action in GTK 4.8, so the row
    is clicked (the dialog sits at 0,0 without a window manager) and the
    popover's list is driven with the keyboard. Returns the value shown."""
    combo = find_all(dialog, role='combo box', name=row_name)
    if not combo:
        return None
    click_in_dialog(dialog_pattern, combo[0], 60)
    kinds = ['Human', 'Random bot', 'Beginner bot', 'Casual bot', 'Strong bot']
    time.sleep(0.6)
    for _ in range(kinds.index(kind)):
        subprocess.run(['xdotool', 'key', 'Down'])
        time.sleep(0.15)
    subprocess.run(['xdotool', 'key', 'Return'])

    def shown():
        values = [a.get_name() for a in find_all(combo[0], role='label') if a.get_name() in kinds]
        return values[0] if values and values[0] == kind else None
    return wait_for(shown, timeout=5) or \
        [a.get_name() for a in find_all(combo[0], role='label')]


def run_one_human(tap, args, workdir):
    """19: Color Shift with one person and one bot: hidden hands, but there
    is nobody to pass the device to, so the table is never covered.
    20: the window title's "•" is about the document the visible view is
    about: the saved game in Play, the edited definition in Design."""
    app_proc, app, main, dialog = new_game_dialog(args, workdir, 'color-shift', 'bot')
    chosen = choose_seat_kind('^New Game$', dialog, 'Seat 2 plays', 'Random bot')
    time.sleep(0.3)
    screenshot(args.outdir, 'play-bot-new-game')
    press(dialog, 'Start Game', confirm_pass=False)
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    wait_for(lambda: find_all(page, role='label', name='Player 1 to play'), timeout=10)

    # the person plays (Random Move) whenever it is their turn; the bot
    # answers by itself; the pass screen must never show
    covered, rows = [], []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if pass_button(page):
            covered.append(len(rows))
            break
        rows = move_rows(page, confirm_pass=False)
        bot_moved = [i for i, r in enumerate(rows) if re.match(r'^\d+\. Player 2: ', r)]
        if bot_moved and any(re.match(r'^\d+\. Player 1: ', r) for r in rows[bot_moved[-1]:]) \
                and len(bot_moved) >= 2:
            break
        b = button(page, 'Random Move')
        if b is not None and sensitive(b) and find_all(page, role='label', name='Player 1 to play'):
            n = len(rows)
            do_action(b)
            wait_for(lambda: pass_button(page) or len(move_rows(page, confirm_pass=False)) > n,
                     timeout=5, interval=0.1)
        else:
            time.sleep(0.2)
    time.sleep(0.3)
    screenshot(args.outdir, 'play-bot')
    bot_rows = [r for r in rows if re.match(r'^\d+\. Player 2: ', r)]
    tap.result(chosen == 'Random bot' and not covered and len(bot_rows) >= 2
               and bool(find_all(page, role='image', name='Game board')),
               'one person and a bot with secret hands: the bot plays, the table is never '
               'covered by a pass screen',
               f'seat 2 {chosen!r}, pass screen after {covered} rows, rows {rows}')

    # 20: save the game (Play: no "•"), edit the definition in Design ("•"
    # there), back to Play: the saved game has no "•"
    wait_for(lambda: find_all(page, role='label', name='Player 1 to play')
             and sensitive(button(page, 'Random Move')), timeout=15)
    record = os.path.join(workdir, 'one-human.yaml')
    play_modified = main_title(main)
    keys('Tilewright', 'ctrl+s')
    wait_for(lambda: xdotool_windows('^Save Game$'), timeout=10)
    time.sleep(0.8)
    keys('^Save Game$', 'ctrl+a', text=record)
    keys('^Save Game$', 'Return')
    play_saved = wait_for(lambda: (lambda t: t if t.startswith('one-human.yaml — ') else None)(
        main_title(main)), timeout=10)
    keys('Tilewright', 'alt+1')
    design_clean = wait_for(lambda: (lambda t: t if t == 'Color Shift — Tilewright' else None)(
        main_title(main)), timeout=5)
    view = wait_for(lambda: [a for a in find_all(main, name='Definition YAML')
                             if a.get_text_iface() is not None and allocated(a)], timeout=10)
    if view:
        e = view[0].get_extents(Atspi.CoordType.WINDOW)
        xdo('mousemove', e.x + e.width // 2, e.y + min(60, e.height // 2))
        xdo('click', 1)
        time.sleep(0.3)
        keys('Tilewright', 'ctrl+End', 'Return', text='# edited while a game is on')
    design_edited = wait_for(lambda: (lambda t: t if t == '• Color Shift — Tilewright' else None)(
        main_title(main)), timeout=5)
    # the header (what the user sees of the title) says the same
    design_header = wait_for(lambda: find_all(main, role='label', name='• Color Shift'), timeout=5)
    time.sleep(0.3)
    screenshot(args.outdir, 'play-title-design-edited')
    via_x = subprocess.run(['xdotool', 'search', '--name', '^• Color Shift — Tilewright$'],
                           capture_output=True, text=True).stdout.split()
    keys('Tilewright', 'alt+2')
    play_back = wait_for(lambda: (lambda t: t if t.startswith('one-human.yaml — ') else None)(
        main_title(main)), timeout=5)
    play_header = wait_for(lambda: find_all(main, role='label', name='one-human.yaml')
                           and not find_all(main, role='label', name='• Color Shift'), timeout=5)
    time.sleep(0.3)
    screenshot(args.outdir, 'play-title-play-saved')
    tap.result(play_modified.startswith('• ') and bool(play_saved) and bool(design_clean)
               and bool(design_edited) and bool(via_x) and bool(play_back)
               and bool(design_header) and bool(play_header),
               'the title\'s "•" follows the visible view: the game in Play, the definition '
               'in Design',
               f'play before save {play_modified!r}, after save {play_saved!r}, design '
               f'{design_clean!r}, design edited {design_edited!r}, X window {via_x}, '
               f'back in play {play_back!r}, now {main_title(main)!r}, header "• Color Shift" '
               f'in Design {bool(design_header)}, header names the game in Play '
               f'{bool(play_header)}')
    return app_proc


def colour_blobs(shot, box, rgb, gap=3):
    """The blobs of pixels of exactly colour rgb ('#1F5FBF') inside box (x,
    y, w, h) of screenshot shot, as lists of screen points; pixels up to gap
    apart are in one blob (a piece's cells are drawn apart)."""
    x0, y0, w, h = box
    out = subprocess.run(['convert', shot, '-crop', f'{w}x{h}+{x0}+{y0}', '+repage', 'txt:-'],
                         capture_output=True, text=True, timeout=60).stdout
    pixels = {(x0 + int(m.group(1)), y0 + int(m.group(2)))
              for m in re.finditer(r'^(\d+),(\d+): \([^)]*\)\s+' + rgb, out, re.M | re.I)}
    blobs = []
    while pixels:
        stack = [pixels.pop()]
        blob = []
        while stack:
            px, py = stack.pop()
            blob.append((px, py))
            for q in ((px + dx, py + dy) for dx in range(-gap, gap + 1)
                      for dy in range(-gap, gap + 1)):
                if q in pixels:
                    pixels.remove(q)
                    stack.append(q)
        blobs.append(blob)
    return blobs


def run_hand_drag(tap, args, workdir):
    """21: Blokus Shuffle: a piece dragged from the tray onto the board
    places that piece. Two different pieces of the colour to move are carried
    over the targets (Show Legal Targets): the ghost shows the piece carried;
    the first drag is cancelled with Escape and plays nothing, releasing the
    second places its piece. The pieces are found by their colour in a
    screenshot (the two largest solid blobs: pieces of five cells)."""
    app_proc, app, main, dialog = new_game_dialog(args, workdir, 'blokus-shuffle', 'hand')
    press(dialog, 'Start Game')
    page = wait_for(lambda: (find_all(main, name='TwPlayPage') or [None])[0], timeout=10) or main
    wait_for(lambda: find_all(page, role='label', name='Player 1 to play'), timeout=10)
    board = find_all(page, role='image', name='Game board')[0]
    e = board.get_extents(Atspi.CoordType.WINDOW)
    preview = find_all(page, role='label', pattern=r'^(Point at a cell|Selected: )')[0]

    # the targets: highlighted with Show Legal Targets, on the board's left part
    xdo('mousemove', e.x + 3, e.y + 3)
    time.sleep(0.5)
    plain = screenshot(args.outdir, 'play-hand-start')
    press(page, 'Show Legal Targets')
    time.sleep(0.5)
    lit = screenshot(args.outdir, 'play-hand-targets')
    press(page, 'Show Legal Targets')
    targets = diff_points(lit, plain, (e.x, e.y, e.width * 2 // 3, e.height), args.outdir)
    # the tray: blue (the colour to move) pieces, right of the board
    tray = (e.x + e.width * 2 // 3, e.y, e.width // 3, e.height)
    blobs = colour_blobs(plain, tray, '#1F5FBF')

    def long(b):
        """Three cells or more across (the colour swatches are smaller)."""
        xs, ys = [p[0] for p in b], [p[1] for p in b]
        return max(max(xs) - min(xs), max(ys) - min(ys)) >= 12
    pieces = sorted([b for b in blobs if long(b)], key=len, reverse=True)[:2]
    grips = [sorted(b)[len(b) // 2] for b in pieces]

    def carry(grip):
        """Presses on grip and moves over the targets until the ghost shows a
        move; returns the preview's text, the button still down."""
        xdo('mousemove', *grip)
        time.sleep(0.1)
        xdo('mousedown', 1)
        xdo('mousemove', grip[0] - 8, grip[1] + 4)
        time.sleep(0.1)
        for (tx, ty) in targets[::5] + targets:
            xdo('mousemove', tx + 2, ty + 2)
            if wait_for(lambda: preview.get_name().startswith('Selected: '), timeout=0.3,
                        interval=0.05):
                # the line in words, the notation (its description) in brackets
                return f'{preview.get_name()} [{preview.get_description()}]'
        return ''

    shown, rows_before, cancelled, placed, last = [], move_rows(page), False, False, ''
    if len(grips) == 2 and targets:
        shown.append(carry(grips[0]))
        screenshot(args.outdir, 'play-hand-drag-1')
        # no --clearmodifiers: it would release the button, ending the drag
        xdo('key', 'Escape')
        time.sleep(0.2)
        xdo('mouseup', 1)
        cancelled = not wait_for(lambda: len(move_rows(page)) > len(rows_before), timeout=1)
        shown.append(carry(grips[1]))
        screenshot(args.outdir, 'play-hand-drag-2')
        xdo('mouseup', 1)
        placed = wait_for(lambda: len(move_rows(page)) == len(rows_before) + 1, timeout=5)
        last = move_rows(page)[-1] if move_rows(page) else ''
    time.sleep(0.3)
    screenshot(args.outdir, 'play-hand-placed')
    notation = [re.sub(r'^.*\[(.*)\]$', r'\1', t) for t in shown]
    piece_ids = [n.split(' ')[0] for n in notation]
    tap.result(len(grips) == 2 and len(shown) == 2
               and all(t.startswith('Selected: ') for t in shown)
               and len(set(piece_ids)) == 2 and cancelled and bool(placed)
               and last.endswith(': ' + notation[1]),
               'dragging a piece from the tray onto the board carries and places that piece; '
               'Escape puts it back',
               f'{len(blobs)} blue blobs, grips {grips} of {[len(b) for b in pieces]} pixels, {len(targets)} target pixels, ghosts '
               f'{shown}, first drag cancelled {cancelled}, placed {bool(placed)}, '
               f'last row {last!r}')
    return app_proc


def type_into_spin(dialog_pattern, dialog, name, value):
    """Types value into the dialog's spin button called name: clicked (the
    dialog sits at 0,0 without a window manager), text selected, typed,
    committed with Tab."""
    pattern = '^' + re.escape(name) + '( ' + re.escape(name) + ')?$'
    spins = [s for s in find_all(dialog, role='spin button', pattern=pattern) if allocated(s)]
    if not spins:
        return False
    click_in_dialog(dialog_pattern, spins[0], 10)
    time.sleep(0.2)
    keys(dialog_pattern, 'ctrl+a', text=str(value))
    keys(dialog_pattern, 'Tab')
    return True


def run_player_limits(tap, args, workdir):
    """22-23: Block 2 Block's Short Stack is "a fast 2-4 player version": with
    5 players the New Game dialog switches it off, disables it and says why;
    back at 4 players it can be chosen again."""
    app_proc, app, main, dialog = new_game_dialog(args, workdir, 'block-2-block', 'limits')

    def short_stack():
        found = [a for a in find_all(dialog, pattern=r'^Short Stack( Short Stack)?$')
                 if a.get_role_name() in ('switch', 'check box', 'toggle button')]
        return found[0] if found else None

    def reason():
        return find_all(dialog, role='label', pattern=r'^Only for up to 4 players: ')

    switch = wait_for(short_stack, timeout=5)
    typed = type_into_spin('^New Game$', dialog, 'Players', 5)
    off = wait_for(lambda: switch is not None and not has_state(switch, Atspi.StateType.SENSITIVE),
                   timeout=5)
    why = wait_for(reason, timeout=5)
    # scroll the dialog down to the variant options for the screenshot
    subprocess.run(['xdotool', 'mousemove', '250', '400', 'click', '--repeat', '12',
                    '--delay', '20', '5'])
    time.sleep(0.5)
    screenshot(args.outdir, 'play-new-game-player-limit')
    subprocess.run(['xdotool', 'mousemove', '250', '400', 'click', '--repeat', '40',
                    '--delay', '20', '4'])
    time.sleep(0.5)
    tap.result(bool(off) and bool(why),
               'New Game with 5 players: Short Stack disabled, "Only for up to 4 players: …"',
               f'switch {switch is not None}, typed {typed}, disabled {bool(off)}, reason {bool(why)}')

    type_into_spin('^New Game$', dialog, 'Players', 4)
    on = wait_for(lambda: switch is not None and has_state(switch, Atspi.StateType.SENSITIVE),
                  timeout=5)
    tap.result(bool(on) and not reason(), 'with 4 players Short Stack can be chosen again',
               f'enabled {bool(on)}, reason still shown {bool(reason())}')
    return app_proc


def main():
    return smoke.run_script([run, run_pass_device, run_one_human, run_hand_drag, run_player_limits],
                            N_TESTS, 'tw-play-',
                            OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
