#!/usr/bin/python3
"""The Design view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
a copy of data/games/colorblock.yaml, shows Design with Alt+1, reads the YAML
through the source view's accessible Text interface, changes variant options
in the form (an option written in the file, one that is not) and checks that
exactly those spans of the text changed, resets one, types an unknown key
into the text and sees it listed with its line:column, deletes it again,
recolours a tile's edge in the tile-set editor and undoes it, adds a tile,
duplicates one (Ctrl+D), moves it (Alt+Down), deletes it (Delete) and undoes
that, adds one with Insert and undoes it with Ctrl+Z (the selection goes back),
splits a section and joins it again, joins opposite edges through an edge's
"Join With…" menu, each time checking the whole text
and the totals per colour and per edge pattern, sets a card's
parameter in the card editor, saves with Save Definition As through its file
chooser, checks the saved file with `tilewright-cli validate`, starts a new definition from a bundled game,
adds a card face and picks a layer into the face editor's form, playtests it, and opens a saved game in Play: Design shows the
definition it was played with (the file the record names).
Screenshots go to OUTDIR/screenshots/design-*.png.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
allocated = smoke.allocated
screenshot = smoke.screenshot

N_TESTS = 26
OVERALL_TIMEOUT = 260
BOGUS = '\nbogus-key: 1'   # typed as Return, then the key


def source_view(main):
    views = [a for a in find_all(main, name='Definition YAML') if a.get_text_iface() is not None]
    return views[0] if views else None


def view_text(view):
    try:
        return Atspi.Text.get_text(view, 0, Atspi.Text.get_character_count(view))
    except smoke.GLibError:
        return None


def wait_text(view, expected, timeout=5):
    return wait_for(lambda: view_text(view) == expected, timeout=timeout)


def control(main, name):
    """The switch (or other control) whose accessible name is an option's."""
    # GTK 4.8 repeats a control's label in its name: "rotation rotation"
    for acc in find_all(main, pattern='^' + re.escape(name) + '( ' + re.escape(name) + ')?$'):
        try:
            if acc.get_role_name() in ('switch', 'toggle button', 'check box') \
                    and acc.get_n_actions() > 0 and allocated(acc):
                return acc
        except smoke.GLibError:
            continue
    return None


def labels(root, pattern):
    return [a.get_name() for a in find_all(root, role='label', pattern=pattern)]


def flow_children(flow):
    return list(smoke.children(flow))


def selected_tile(flow):
    """The accessible name of the selected tile ("Tile ID, N copies, ...")."""
    try:
        if Atspi.Selection.get_n_selected_children(flow) == 0:
            return ''
        child = Atspi.Selection.get_selected_child(flow, 0)
        return (child.get_name() or '') if child is not None else ''
    except smoke.GLibError:
        return ''


def patterns(main):
    """The totals per edge pattern: the names of the pattern list's entries."""
    return [a.get_name() for a in find_all(main, pattern=r'^[^ :,]+(/[^ :,]+){3}: [0-9]+ tiles?$')]


def click(acc):
    """A real pointer click in the middle of @acc: the window sits at 0,0
    (no window manager), so its window coordinates are the screen's."""
    e = acc.get_extents(Atspi.CoordType.WINDOW)
    subprocess.run(['xdotool', 'mousemove', '--sync', str(e.x + e.width // 2),
                    str(e.y + e.height // 2), 'click', '1'])
    time.sleep(0.3)


def tile_line(text, tile_id):
    for line in text.splitlines(keepends=True):
        if line.startswith('  - {id: ' + tile_id + ','):
            return line
    raise AssertionError(f'no line for tile {tile_id!r}')


def button_named(main, pattern):
    return [a for a in find_all(main, pattern=pattern)
            if a.get_role_name() == 'push button' and a.get_n_actions() > 0 and allocated(a)]


def diff_lines(a, b):
    la, lb = (a or '').splitlines(), (b or '').splitlines()
    return [f'- {x}' for x in la if x not in lb][:5] + [f'+ {x}' for x in lb if x not in la][:5]


def show_view(main, name):
    """A click on the view switcher's tab (Alt+1/Alt+2 can go to the focused text)."""
    tabs = [t for t in find_all(main, role='page tab', name=name)
            if t.get_n_actions() > 0 and allocated(t)]
    if tabs:
        click(tabs[0])
        wait_for(lambda: smoke.has_state(tabs[0], Atspi.StateType.SELECTED), timeout=5)
    time.sleep(0.3)
    return bool(tabs) and smoke.has_state(tabs[0], Atspi.StateType.SELECTED)


def open_record(main, record):
    """Play, Ctrl+O, the record's path typed into the chooser, then Design."""
    show_view(main, 'Play')
    play.keys('Tilewright', 'ctrl+o')
    if not wait_for(lambda: smoke.xdotool_windows('^Open Saved Game$'), timeout=10):
        return False
    time.sleep(0.8)
    play.keys('^Open Saved Game$', 'ctrl+l', text=record)
    play.keys('^Open Saved Game$', 'Return')
    # the keys that follow go to the main window, not to the chooser going away
    if not wait_for(lambda: not smoke.xdotool_windows('^Open Saved Game$'), timeout=10):
        return False
    time.sleep(0.5)
    show_view(main, 'Design')
    return True


def run(tap, args, workdir):
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    game = os.path.join(workdir, 'colorblock.yaml')
    # the bundled file lists every option; this copy leaves one out (with its
    # comment line) to see it added when its control is changed
    bundled = open(os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml'),
                   encoding='utf-8').read()
    with open(game, 'w', encoding='utf-8') as f:
        f.write(re.sub(r'\n  #[^\n]*\n  goal-needs-completed-shape: true(?=\n)', '', bundled))
    original = open(game, encoding='utf-8').read()
    # the last option line of the variant: section, where a new option goes
    block = []
    for line in original[original.index('\nvariant:\n') + len('\nvariant:\n'):].split('\n'):
        if not line.startswith('  '):
            break
        block.append(line)
    last_option = [line for line in block if not line.startswith('  #')][-1]
    app_proc = play.start_app(args, game, os.path.join(args.outdir, 'app-design.log'))
    try:
        app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, 'app starts on colorblock.yaml'):
            return app_proc

        # 2: Alt+1 shows Design; the source view holds the file's text
        play.keys('Tilewright', 'alt+1')
        view = wait_for(lambda: source_view(main), timeout=10)
        same = view is not None and wait_text(view, original)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-start')
        tap.result(bool(same), 'Design shows the definition\'s YAML, read through AT-SPI Text',
                   f'view {view is not None}, text starts {(view_text(view) or "")[:80]!r}'
                   if view else 'no view named "Definition YAML"')
        if view is None:
            return app_proc

        # 3: a variant option written in the file: only its value changes
        rotation = wait_for(lambda: control(main, 'Tiles may be turned'), timeout=5)
        if rotation is not None:
            do_action(rotation)
        expected = original.replace('\n  rotation: true\n', '\n  rotation: false\n')
        ok = wait_text(view, expected)
        title = play.main_title(main)
        tap.result(bool(ok) and expected != original and title.startswith('• '),
                   'toggling "rotation" rewrites just "rotation: false"; the title shows "•"',
                   f'control {rotation is not None}, title {title!r}, '
                   f'diff {diff_lines(expected, view_text(view))}')

        # 4: its reset button writes the default back
        resets = [a for a in find_all(main, pattern=r'^Reset to the default, true$')
                  if a.get_n_actions() > 0 and allocated(a)]
        if resets:
            do_action(resets[0])
        ok = wait_text(view, original)
        tap.result(bool(resets) and bool(ok), 'the reset button puts "rotation: true" back',
                   f'reset buttons {len(resets)}, diff {diff_lines(original, view_text(view))}')

        # 5: an option not in the file is added to the variant section, as a new line
        shape = wait_for(lambda: control(main, 'Goals need completed shapes'), timeout=5)
        if shape is not None:
            do_action(shape)
        edited = original.replace('\n' + last_option + '\n',
                                  '\n' + last_option + '\n  goal-needs-completed-shape: false\n', 1)
        ok = wait_text(view, edited)
        tap.result(bool(ok) and edited != original,
                   'a default option set to false is inserted below the variant\'s last line',
                   f'control {shape is not None}, diff {diff_lines(edited, view_text(view))}')

        # 6: typing an unknown key: listed with line:column, marked in the text
        play.keys('Tilewright', 'ctrl+End', 'Return', text=BOGUS[1:])
        line = (edited + BOGUS).count('\n') + 1
        problem = wait_for(lambda: labels(main, r"unknown key 'bogus-key'"), timeout=5)
        position = labels(main, rf'^{line}:1$')
        time.sleep(0.6)
        screenshot(args.outdir, 'design-problem')
        tap.result(bool(problem) and bool(position) and view_text(view) == edited + BOGUS,
                   f'a typed unknown key is listed as "unknown key" at {line}:1',
                   f'problems {labels(main, "unknown key")}, positions {labels(main, r"^[0-9]+:[0-9]+$")}, '
                   f'text ends {(view_text(view) or "")[-40:]!r}')

        # 7: deleting it again clears the problems
        play.keys('Tilewright', *(['BackSpace'] * len(BOGUS)))
        ok = wait_text(view, edited)
        clean = wait_for(lambda: labels(main, '^No problems$'), timeout=5)
        tap.result(bool(ok) and bool(clean), 'deleting the line clears the problems list',
                   f'problems {labels(main, "problem")}, text ends {(view_text(view) or "")[-40:]!r}')

        # 8: the tile set: select full-r, recolour its north edge (the whole section)
        tabs = [a for a in find_all(main, name='Tiles') if a.get_role_name() in
                ('toggle button', 'radio button', 'page tab') and a.get_n_actions() > 0]
        if tabs:
            do_action(tabs[0])
        flows = [a for a in find_all(main, name='Tiles') if a.get_selection_iface() is not None]
        if flows:
            Atspi.Selection.select_child(flows[0], 0)
        north = wait_for(lambda: [a for a in find_all(main, name='North edge: Red')
                                  if a.get_n_actions() > 0 and allocated(a)], timeout=5)
        totals_before = labels(main, r'^75 tiles')
        if north:
            do_action(north[0])
        recoloured = edited.replace('{id: full-r, name: "Full red", count: 3, edges: [red, red, red, red]',
                                    '{id: full-r, name: "Full red", count: 3, '
                                    'edges: [green, green, green, green]')
        ok = wait_text(view, recoloured)
        totals = wait_for(lambda: labels(main, r'Red: 88 edges · Green: 112 edges'), timeout=5)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-tiles')
        tap.result(bool(ok) and bool(totals) and recoloured != edited,
                   'clicking the North edge of "full-r" recolours its section; totals follow',
                   f'tabs {len(tabs)}, flows {len(flows)}, north {bool(north)}, '
                   f'totals before {totals_before}, after {labels(main, "^75 tiles")}, '
                   f'diff {diff_lines(recoloured, view_text(view))}')

        # 9: undo (the page's button) takes the visual edit back in the text
        undo = [a for a in find_all(main, role='push button', pattern='^Undo Edit')
                if a.get_n_actions() > 0 and allocated(a)]
        if undo:
            do_action(undo[0])
        ok = wait_text(view, edited)
        tap.result(bool(undo) and bool(ok), 'Undo Edit takes the tile edit back in the text',
                   f'undo buttons {len(undo)}, diff {diff_lines(edited, view_text(view))}')

        # 10: Add Tile after the selected full-b: a fresh id, one copy, the first colour;
        # the new tile is selected and the totals per colour and per edge pattern follow
        if flows:
            Atspi.Selection.select_child(flows[0], 2)
        wait_for(lambda: selected_tile(flows[0]).startswith('Tile full-b,'), timeout=5)
        add = button_named(main, r'^Add Tile')
        if add:
            do_action(add[0])
        new_line = '  - {id: tile-1, count: 1, edges: [red, red, red, red]}\n'
        added = edited.replace(tile_line(edited, 'full-b'),
                               tile_line(edited, 'full-b') + new_line)
        ok = wait_text(view, added)
        totals = wait_for(lambda: labels(main, r'^76 tiles · Red: 104 edges · Green: 100 edges'
                                               r' · Blue: 100 edges$'), timeout=5)
        pats = wait_for(lambda: 'Red/Red/Red/Red: 7 tiles' in patterns(main)
                         and 'Green/Green/Green/Green: 6 tiles' in patterns(main), timeout=5)
        chosen = wait_for(lambda: selected_tile(flows[0]).startswith('Tile tile-1, 1 copy'),
                          timeout=5)
        tap.result(bool(ok) and bool(totals) and bool(pats) and bool(chosen),
                   'Add Tile inserts "tile-1" after the selected tile; it is selected; '
                   'totals per colour and per edge pattern follow',
                   f'button {bool(add)}, selected {selected_tile(flows[0])!r}, '
                   f'totals {labels(main, "^7[0-9] tiles")}, patterns {patterns(main)[:6]}, '
                   f'diff {diff_lines(added, view_text(view))}')

        # 11: a click on half-rg, then Ctrl+D: a copy with its name, sections and
        # layout, a fresh id, right after it
        kids = flow_children(flows[0])
        half = [k for k in kids if (k.get_name() or '').startswith('Tile half-rg,')]
        if half:
            click(half[0])
        wait_for(lambda: selected_tile(flows[0]).startswith('Tile half-rg,'), timeout=5)
        play.keys('Tilewright', 'ctrl+d')
        copy_line = tile_line(added, 'half-rg').replace('{id: half-rg,', '{id: half-rg-2,')
        duplicated = added.replace(tile_line(added, 'half-rg'),
                                   tile_line(added, 'half-rg') + copy_line)
        ok = wait_text(view, duplicated)
        totals = wait_for(lambda: labels(main, r'^81 tiles · Red: 114 edges · Green: 110 edges'),
                          timeout=5)
        pats = wait_for(lambda: 'Red/Red/Green/Green: 10 tiles' in patterns(main), timeout=5)
        chosen = wait_for(lambda: selected_tile(flows[0]).startswith('Tile half-rg-2, 5 copies'),
                          timeout=5)
        time.sleep(0.4)
        screenshot(args.outdir, 'design-tiles-duplicated')
        tap.result(bool(ok) and bool(totals) and bool(pats) and bool(chosen),
                   'Ctrl+D on half-rg inserts a copy "half-rg-2" after it, selected; totals follow',
                   f'clicked {bool(half)}, selected {selected_tile(flows[0])!r}, '
                   f'totals {labels(main, "^[0-9]+ tiles")}, patterns {patterns(main)[:6]}, '
                   f'diff {diff_lines(duplicated, view_text(view))}')

        # 12: Alt+Down moves it one place later (past half-rb); it stays selected and
        # keeps the focus, so a second key works on it too (Alt+Up brings it back,
        # Alt+Down again)
        play.keys('Tilewright', 'alt+Down')
        moved = duplicated.replace(copy_line + tile_line(duplicated, 'half-rb'),
                                   tile_line(duplicated, 'half-rb') + copy_line)
        ok = wait_text(view, moved)
        play.keys('Tilewright', 'alt+Up')
        back = wait_text(view, duplicated)
        play.keys('Tilewright', 'alt+Down')
        ok2 = wait_text(view, moved)
        chosen = wait_for(lambda: selected_tile(flows[0]).startswith('Tile half-rg-2,'), timeout=5)
        kids = flow_children(flows[0])
        order = [(k.get_name() or '').split(',')[0] for k in kids[4:8]]
        tap.result(bool(ok) and bool(back) and bool(ok2) and bool(chosen)
                   and order == ['Tile half-rg', 'Tile half-rb', 'Tile half-rg-2', 'Tile half-gb'],
                   'Alt+Down / Alt+Up swap the tile\'s line with its neighbour\'s; it stays selected',
                   f'down {bool(ok)}, up {bool(back)}, down {bool(ok2)}, order {order}, '
                   f'selected {selected_tile(flows[0])!r}, diff {diff_lines(moved, view_text(view))}')

        # 13: Delete removes its line; the next tile is selected; one undo brings it back
        play.keys('Tilewright', 'Delete')
        deleted = moved.replace(copy_line, '')
        ok = wait_text(view, deleted)
        chosen = wait_for(lambda: selected_tile(flows[0]).startswith('Tile half-gb,'), timeout=5)
        totals = wait_for(lambda: labels(main, r'^76 tiles · Red: 104 edges'), timeout=5)
        pats = wait_for(lambda: 'Red/Red/Green/Green: 5 tiles' in patterns(main), timeout=5)
        undo = [a for a in find_all(main, role='push button', pattern='^Undo Edit')
                if a.get_n_actions() > 0 and allocated(a)]
        if undo:
            do_action(undo[0])
        undone = wait_text(view, moved)
        tap.result(bool(ok) and bool(chosen) and bool(totals) and bool(pats) and bool(undone),
                   'Delete removes the tile\'s line, selects the next; one Undo Edit restores it',
                   f'deleted {bool(ok)}, selected {selected_tile(flows[0])!r}, totals {bool(totals)}, '
                   f'patterns {bool(pats)}, '
                   f'undone {bool(undone)}, diff {diff_lines(moved, view_text(view))}')
        edited = moved

        # 14: Insert adds a tile after the selected half-gb (the list kept the focus
        # through the edits); Ctrl+Z takes it away again in one step, and the
        # selection goes back to half-gb
        play.keys('Tilewright', 'Insert')
        inserted = edited.replace(tile_line(edited, 'half-gb'), tile_line(edited, 'half-gb')
                                  + '  - {id: tile-2, count: 1, edges: [red, red, red, red]}\n')
        ok = wait_text(view, inserted)
        chosen = wait_for(lambda: selected_tile(flows[0]).startswith('Tile tile-2,'), timeout=5)
        play.keys('Tilewright', 'ctrl+z')
        undone = wait_text(view, edited)
        back = wait_for(lambda: selected_tile(flows[0]).startswith('Tile half-gb,'), timeout=5)
        tap.result(bool(ok) and bool(chosen) and bool(undone) and bool(back),
                   'Insert adds "tile-2" after the selected tile; Ctrl+Z removes it in one step '
                   'and selects half-gb again',
                   f'inserted {bool(ok)}, selected {bool(chosen)}, undone {bool(undone)}, '
                   f'selected after undo {selected_tile(flows[0])!r}, '
                   f'diff {diff_lines(edited, view_text(view))}')

        # 15: split North off full-r's one section: only its sections value changes
        Atspi.Selection.select_child(flows[0], 0)
        wait_for(lambda: selected_tile(flows[0]).startswith('Tile full-r,'), timeout=5)
        split = wait_for(lambda: button_named(main, r'^Split North off'), timeout=5)
        if split:
            do_action(split[0])
        full_r = tile_line(edited, 'full-r')
        split_text = edited.replace(full_r, full_r.replace('sections: [NESW]', 'sections: [ESW, N]'))
        ok = wait_text(view, split_text)
        shown = wait_for(lambda: labels(main, r'^\[ESW, N\]$'), timeout=5)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-tiles-split')
        tap.result(bool(ok) and bool(shown) and split_text != edited,
                   'Split Off on the North edge of full-r writes "sections: [ESW, N]"',
                   f'button {bool(split)}, sections label {bool(shown)}, '
                   f'diff {diff_lines(split_text, view_text(view))}')

        # 16: North's "Join With…" menu offers East, South and West (all red, apart);
        # East joins them again; the text is as before
        menu = wait_for(lambda: [a for a in find_all(main, pattern=r'^Join North with')
                                 if a.get_n_actions() > 0 and allocated(a)
                                 and smoke.has_state(a, Atspi.StateType.SENSITIVE)], timeout=5)
        # the menu button itself reports its state (checked below once nothing is left)
        before = [a for a in find_all(main, pattern=r'^Join North with$')
                  if allocated(a) and smoke.has_state(a, Atspi.StateType.SENSITIVE)]
        if menu:
            do_action(menu[0])
        items = wait_for(lambda: [a for a in find_all(app, role='menu item')
                                  if a.get_name() in ('East', 'South', 'West') and allocated(a)],
                         timeout=5)
        offered = sorted(a.get_name() for a in items or [])
        east = [a for a in items or [] if a.get_name() == 'East']
        if east:
            do_action(east[0])
        ok = wait_text(view, edited)
        shown = wait_for(lambda: labels(main, r'^\[NESW\]$'), timeout=5)
        # the menu buttons themselves (their inner buttons keep their own state)
        joinable = [a for a in find_all(main, pattern=r'^Join (North|East|South|West) with$')
                    if allocated(a) and smoke.has_state(a, Atspi.StateType.SENSITIVE)]
        tap.result(bool(ok) and bool(shown) and bool(before) and not joinable
                   and offered == ['East', 'South', 'West'],
                   'Join North with East puts "sections: [NESW]" back; nothing is left to join',
                   f'menu {bool(menu)}, offered {offered}, sections label {bool(shown)}, '
                   f'still joinable {[a.get_name() for a in joinable]}, '
                   f'diff {diff_lines(edited, view_text(view))}')

        # 17: quad-rg (red, green, red, green; four sections): North's menu offers only
        # South, across the tile; choosing it writes "sections: [NS, E, W]"
        kids = flow_children(flows[0])
        quad = [i for i, k in enumerate(kids) if (k.get_name() or '').startswith('Tile quad-rg,')]
        if quad:
            Atspi.Selection.select_child(flows[0], quad[0])
        wait_for(lambda: selected_tile(flows[0]).startswith('Tile quad-rg,'), timeout=5)
        time.sleep(0.3)
        menu = wait_for(lambda: [a for a in find_all(main, pattern=r'^Join North with')
                                 if a.get_n_actions() > 0 and allocated(a)
                                 and smoke.has_state(a, Atspi.StateType.SENSITIVE)], timeout=5)
        if menu:
            do_action(menu[0])
        items = wait_for(lambda: [a for a in find_all(app, role='menu item')
                                  if a.get_name() in ('East', 'South', 'West') and allocated(a)],
                         timeout=5)
        offered = sorted(a.get_name() for a in items or [])
        time.sleep(0.3)
        screenshot(args.outdir, 'design-tiles-join-menu')
        south = [a for a in items or [] if a.get_name() == 'South']
        if south:
            do_action(south[0])
        quad_line = tile_line(edited, 'quad-rg')
        across = edited.replace(quad_line, quad_line.replace('sections: [N, E, S, W]',
                                                             'sections: [NS, E, W]'))
        ok = wait_text(view, across)
        shown = wait_for(lambda: labels(main, r'^\[NS, E, W\]$'), timeout=5)
        play.keys('Tilewright', 'ctrl+z')
        undone = wait_text(view, edited)
        tap.result(bool(ok) and bool(shown) and bool(undone) and offered == ['South']
                   and across != edited,
                   'Join North with South on quad-rg writes "sections: [NS, E, W]" in one undo step',
                   f'selected {selected_tile(flows[0])!r}, menu {bool(menu)}, offered {offered}, '
                   f'label {bool(shown)}, undone {bool(undone)}, '
                   f'diff {diff_lines(across, view_text(view))}')

        # 18: the card editor: the "tiles" parameter of card size-3, through its spin button
        tabs = [a for a in find_all(main, name='Cards') if a.get_role_name() in
                ('toggle button', 'radio button', 'page tab') and a.get_n_actions() > 0]
        if tabs:
            do_action(tabs[0])
        lists = [a for a in find_all(main, name='Cards') if a.get_selection_iface() is not None]
        if lists:
            Atspi.Selection.select_child(lists[0], 0)
        spin = wait_for(lambda: [a for a in find_all(main, pattern=r'^tiles( tiles)?$')
                                 if a.get_role_name() == 'spin button' and allocated(a)], timeout=5)
        if spin:
            Atspi.Value.set_current_value(spin[0], 4.0)
        carded = edited.replace('{id: size-3, kind: shape-size, params: {tiles: 3}',
                                '{id: size-3, kind: shape-size, params: {tiles: 4}')
        ok = wait_text(view, carded)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-cards')
        tap.result(bool(ok) and carded != edited,
                   'the card editor sets "tiles: 4" in the params of card size-3',
                   f'tabs {len(tabs)}, lists {len(lists)}, spin {bool(spin)}, '
                   f'diff {diff_lines(carded, view_text(view))}')
        edited = carded

        # 19: Save As through its file chooser (the name typed into it, as
        # test-play saves a game); the title loses its "•"
        saved = os.path.join(workdir, 'edited.yaml')
        save_as = wait_for(lambda: button_named(main, r'^Save Definition As( Save Definition As)?$'),
                           timeout=5)
        if save_as:
            do_action(save_as[0])
            chooser = wait_for(lambda: smoke.xdotool_windows('^Save Game Definition$'), timeout=10)
            if chooser:
                time.sleep(0.8)
                play.keys('^Save Game Definition$', 'ctrl+a', text=saved)
                play.keys('^Save Game Definition$', 'Return')
        wait_for(lambda: os.path.exists(saved), timeout=10)
        text = open(saved, encoding='utf-8').read() if os.path.exists(saved) else ''
        title = wait_for(lambda: (lambda t: t if not t.startswith('•') else None)(play.main_title(main)),
                         timeout=5)
        tap.result(text == edited and bool(title) and 'edited.yaml' in ' '.join(labels(main, 'edited')),
                   'Save Definition As writes the text; the window names edited.yaml, no "•"',
                   f'button {bool(save_as)}, saved {len(text)} chars, '
                   f'title {play.main_title(main)!r}')

        # 20: the saved file is a valid definition
        cli = os.path.join(os.path.dirname(os.path.dirname(args.app)), 'cli', 'tilewright-cli')
        result = subprocess.run([cli, 'validate', saved], capture_output=True, text=True, timeout=30)
        tap.result(result.returncode == 0,
                   'tilewright-cli validate accepts the saved file',
                   f'{cli}: {result.returncode} {result.stdout} {result.stderr}')

        # 21: New from a bundled game: its text, untitled, the forms of its module
        menus = [a for a in find_all(main, pattern=r'^New From Template')
                 if a.get_n_actions() > 0 and allocated(a)]
        if menus:
            do_action(menus[0])
        item = wait_for(lambda: find_all(app, role='menu item', name='Colorfield'), timeout=5)
        if item:
            do_action(item[0])
        template = open(os.path.join(args.srcdir, 'data', 'games', 'colorfield.yaml'),
                        encoding='utf-8').read()
        ok = wait_text(view, template)
        untitled = wait_for(lambda: labels(main, '^untitled.yaml$'), timeout=5)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-new-from-template')
        tap.result(bool(ok) and bool(untitled),
                   'New From Template loads colorfield.yaml as an untitled definition',
                   f'menu {len(menus)}, item {bool(item)}, untitled {bool(untitled)}, '
                   f'text starts {(view_text(view) or "")[:60]!r}')

        # 21b: the Faces tab: the faces this game can have, previewed at print size
        tabs = [a for a in find_all(main, name='Faces') if a.get_role_name() in
                ('toggle button', 'radio button', 'page tab') and a.get_n_actions() > 0]
        if tabs:
            do_action(tabs[0])
        add = wait_for(lambda: [a for a in find_all(main, role='push button', pattern=r'^Add Face')
                                if a.get_n_actions() > 0], timeout=5)
        preview = [a for a in find_all(main, name='Face preview') if allocated(a)]
        time.sleep(0.5)
        screenshot(args.outdir, 'design-faces')
        tap.result(bool(tabs) and bool(add) and bool(preview),
                   'the Faces tab previews a face and offers to add it',
                   f'tab {bool(tabs)}, Add Face {bool(add)}, preview {bool(preview)}')

        # 21c: Add Face writes the card face; its third layer, picked in the
        # list, is edited in the form beside the preview
        template_text = view_text(view) or ''
        if add:
            do_action(add[0])
        ok = wait_for(lambda: (view_text(view) or '') != template_text, timeout=10)
        layer_lists = wait_for(lambda: [a for a in find_all(main, name='Layers')
                                        if a.get_selection_iface() is not None and allocated(a)],
                               timeout=10)
        if layer_lists:
            Atspi.Selection.select_child(layer_lists[0], 2)
        heading = wait_for(lambda: labels(main, '^Layer 3$'), timeout=5)
        text_row = wait_for(lambda: [a for a in find_all(main, name='Text') if allocated(a)],
                            timeout=5)
        # the form is below the list: the mouse wheel over the column shows
        # it for the screenshot (nothing is checked on the way)
        if layer_lists:
            ext = layer_lists[0].get_extents(Atspi.CoordType.WINDOW)
            subprocess.run(['xdotool', 'mousemove', '--sync', str(ext.x + ext.width // 2),
                            str(ext.y + 40), 'click', '--repeat', '8', '5'], timeout=10)
        time.sleep(0.5)
        screenshot(args.outdir, 'design-face-layer-form')
        # one undo takes the face back: the template is as it was for the
        # playtest and the saved game below
        undo = [a for a in find_all(main, role='push button', pattern='^Undo Edit')
                if a.get_n_actions() > 0 and allocated(a)]
        if undo:
            do_action(undo[0])
        back = wait_text(view, template_text)
        tap.result(bool(ok) and bool(layer_lists) and bool(heading) and bool(text_row)
                   and bool(back),
                   'Add Face writes a face whose picked layer is edited in a form; one undo '
                   'takes it back',
                   f'added {bool(ok)}, layer list {bool(layer_lists)}, heading {bool(heading)}, '
                   f'Text row {bool(text_row)}, undone {bool(back)}')

        # 22: Playtest: Play with a New Game dialog for the edited (unsaved) definition
        playtest = [a for a in find_all(main, role='push button', pattern='^Playtest( Playtest)?$')
                    if a.get_n_actions() > 0 and allocated(a)]
        if playtest:
            do_action(playtest[0])
        dialog = wait_for(lambda: smoke.frame_named(app, '^New Game$'), timeout=10)
        play_tab = [t for t in find_all(main, role='page tab', name='Play') if allocated(t)]
        selected = play_tab and wait_for(lambda: smoke.has_state(play_tab[0],
                                                                 Atspi.StateType.SELECTED), timeout=5)
        options = [a.get_name() for a in find_all(dialog, role='label')] if dialog else []
        time.sleep(0.4)
        screenshot(args.outdir, 'design-playtest')
        closed = dialog is not None and smoke.close_dialog(app, dialog, '^New Game$',
                                                           play.main_title(main))
        tap.result(bool(playtest) and dialog is not None and bool(selected) and closed
                   and 'Colorfield' in options,
                   'Playtest shows Play and a New Game dialog for the edited definition',
                   f'button {bool(playtest)}, dialog {dialog is not None}, play selected '
                   f'{bool(selected)}, closed {closed}, labels {options[:12]}')

        # 23: a saved game opened in Play brings its definition into Design: the file the
        # record names (edited.yaml), as it holds the text the game was played with
        record = os.path.join(workdir, 'game.yaml')
        subprocess.run([cli, 'play', '-s', '1', '-r', record, saved], capture_output=True,
                       timeout=60)
        opened = open_record(main, record)
        ok = wait_text(view, edited)
        named = wait_for(lambda: labels(main, r'(^| )edited\.yaml$'), timeout=5)
        title = play.main_title(main)
        tap.result(opened and bool(ok) and bool(named),
                   'opening a saved game shows its definition in Design, as the file it names',
                   f'record {os.path.exists(record)}, opened {opened}, title {title!r}, '
                   f'names {labels(main, "yaml$")}, diff {diff_lines(edited, view_text(view))}, '
                   f'text starts {(view_text(view) or "")[:60]!r}')

        # 24: nothing unsaved: quitting needs no confirmation
        play.keys('Tilewright', 'ctrl+q')
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'quitting is clean', f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-design-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
