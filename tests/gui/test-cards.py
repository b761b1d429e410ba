#!/usr/bin/python3
"""The Design view's card editor, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
a copy of data/games/colorblock.yaml, shows Design > Cards, selects card
size-3 and checks its print preview (an image described for screen readers);
changes its kind in the Kind row (keyboard: Alt+K opens the list) and checks
that the text changed only in that card's line, kind and params in one edit
(one Undo takes both back); sets its "tiles" parameter and its points through
their spin buttons; draws a cell into the pictured shape of card pattern-l;
changes the kind of a card written as block lines; and checks after each
edit that the preview was drawn again (the described
content and the pixels of its screen region both change); and that the
preview draws the card at the Print view's card size.
Screenshots go to OUTDIR/screenshots/cards-*.png.
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
design = smoke.load('design')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
allocated = smoke.allocated
screenshot = smoke.screenshot
view_text = design.view_text
wait_text = design.wait_text
diff_lines = design.diff_lines

N_TESTS = 13
OVERALL_TIMEOUT = 200

SIZE3 = '  - {id: size-3, kind: shape-size, params: {tiles: 3}, points: 1, title: Three}\n'
SIZE3_COLOUR = ('  - {id: size-3, kind: color-shape-size, params: {color: red, tiles: 3}, '
                'points: 1, title: Three}\n')


def preview(main):
    found = [a for a in find_all(main, name='Card preview') if allocated(a)]
    return found[0] if found else None


def description(main):
    p = preview(main)
    try:
        return p.get_description() if p is not None else ''
    except smoke.GLibError:
        return ''


def preview_shot(main, outdir, name):
    """A screenshot cropped to the preview's extents on the screen (the
    window sits at 0,0 without a window manager)."""
    full = screenshot(outdir, name)
    p = preview(main)
    if p is None:
        return None
    ext = p.get_extents(Atspi.CoordType.WINDOW)
    crop = os.path.join(outdir, name + '-preview.png')
    subprocess.run(['convert', full, '-crop', f'{ext.width}x{ext.height}+{ext.x}+{ext.y}',
                    '+repage', crop], check=True, timeout=30)
    return crop


def spin(main, name):
    found = [a for a in find_all(main, pattern='^' + re.escape(name) + '( ' + re.escape(name) + ')?$')
             if a.get_role_name() == 'spin button' and allocated(a)]
    return found[0] if found else None


def cards_tab(main):
    tabs = [a for a in find_all(main, name='Cards') if a.get_role_name() in
            ('toggle button', 'radio button', 'page tab') and a.get_n_actions() > 0]
    if tabs:
        do_action(tabs[0])
    return bool(tabs)


def select_card(main, index):
    lists = [a for a in find_all(main, name='Cards') if a.get_selection_iface() is not None]
    if lists:
        Atspi.Selection.select_child(lists[0], index)
    return bool(lists)


def only_changed(before, after, old_line, new_line):
    """The text changed exactly in one line."""
    return before.count(old_line) == 1 and after == before.replace(old_line, new_line)


def undo(main):
    buttons = [a for a in find_all(main, role='push button', pattern='^Undo Edit')
               if a.get_n_actions() > 0 and allocated(a)]
    if buttons:
        do_action(buttons[0])
    return bool(buttons)


def run(tap, args, workdir):
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    game = os.path.join(workdir, 'colorblock.yaml')
    shutil.copyfile(os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml'), game)
    original = open(game, encoding='utf-8').read()
    app_proc = play.start_app(args, game, os.path.join(args.outdir, 'app-cards.log'))
    try:
        app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, 'app starts on colorblock.yaml'):
            return app_proc
        play.keys('Tilewright', 'alt+1')
        view = wait_for(lambda: design.source_view(main), timeout=10)
        if view is None or not wait_text(view, original):
            tap.result(False, 'Design shows the definition', 'no source view with the text')
            return app_proc

        # 2: select size-3: the preview describes the card as it prints
        tabs = cards_tab(main)
        lists = select_card(main, 0)
        desc = wait_for(lambda: (lambda d: d if d.startswith('Three, a shape-size card') else None)
                        (description(main)), timeout=5)
        time.sleep(0.5)
        before = preview_shot(main, args.outdir, 'cards-size-3')
        tap.result(bool(desc) and '1 point' in desc and 'tiles 3' in desc and before is not None,
                   'selecting card size-3 shows its print preview, described',
                   f'tab {tabs}, list {lists}, description {description(main)!r}')

        # 3: the kind list (Alt+K), one down: color-shape-size; kind and params in one edit
        play.keys('Tilewright', 'alt+k')
        time.sleep(0.6)
        play.keys('Tilewright', 'Down', 'Return')
        ok = wait_text(view, original.replace(SIZE3, SIZE3_COLOUR))
        text = view_text(view) or ''
        tap.result(bool(ok) and only_changed(original, text, SIZE3, SIZE3_COLOUR),
                   'Kind → color-shape-size rewrites only size-3: kind, and params '
                   '{color: red, tiles: 3} (the required colour added, "tiles" kept)',
                   f'diff {diff_lines(original, text)}')

        # 4: the preview was drawn again: new description, different pixels
        desc = wait_for(lambda: (lambda d: d if 'color-shape-size' in d else None)(description(main)),
                        timeout=5)
        time.sleep(0.5)
        after_kind = preview_shot(main, args.outdir, 'cards-kind')
        differ, pixels = smoke.images_differ(before, after_kind) if after_kind else (False, '')
        tap.result(bool(desc) and 'color red' in desc and differ,
                   'the preview follows the new kind (a red header), described so',
                   f'description {description(main)!r}, pixels differing {pixels}')

        # 5: a parameter through its row: tiles 3 -> 6, in the card's params only
        s = wait_for(lambda: spin(main, 'tiles'), timeout=5)
        if s is not None:
            Atspi.Value.set_current_value(s, 6.0)
        six = SIZE3_COLOUR.replace('tiles: 3', 'tiles: 6')
        ok = wait_text(view, original.replace(SIZE3, six))
        desc = wait_for(lambda: (lambda d: d if 'tiles 6' in d else None)(description(main)),
                        timeout=5)
        tap.result(bool(ok) and only_changed(original, view_text(view) or '', SIZE3, six)
                   and bool(desc),
                   'the "tiles" spin button writes "tiles: 6" in size-3 and the preview says so',
                   f'spin {s is not None}, diff {diff_lines(original, view_text(view))}, '
                   f'description {description(main)!r}')

        # 6: points 1 -> 3: three stars printed on the card
        s = wait_for(lambda: spin(main, 'Points'), timeout=5)
        if s is not None:
            Atspi.Value.set_current_value(s, 3.0)
        three = six.replace('points: 1', 'points: 3')
        ok = wait_text(view, original.replace(SIZE3, three))
        wait_for(lambda: '3 points' in description(main), timeout=5)
        time.sleep(0.5)
        after_points = preview_shot(main, args.outdir, 'cards-points')
        differ, pixels = smoke.images_differ(after_kind, after_points) if after_points else (False, '')
        tap.result(bool(ok) and differ and '3 points' in description(main),
                   'Points → 3 writes "points: 3"; the preview draws the stars',
                   f'diff {diff_lines(original, view_text(view))}, pixels differing {pixels}')

        # 7: undo, three times: points, tiles, then kind and params together
        undone = [undo(main) for _ in range(3)]
        ok = wait_text(view, original)
        back = wait_for(lambda: description(main).startswith('Three, a shape-size card'), timeout=5)
        tap.result(all(undone) and bool(ok) and bool(back),
                   'three Undo Edits restore the text byte for byte: the kind change was one step',
                   f'undo {undone}, diff {diff_lines(original, view_text(view))}, '
                   f'description {description(main)!r}')

        # 8: a SHAPE parameter: pattern-l pictures ["#.", "##"]; fill row 1, column 2
        select_card(main, 6)
        cell = wait_for(lambda: [a for a in find_all(main, name='shape: row 1, column 2')
                                 if a.get_n_actions() > 0 and allocated(a)], timeout=5)
        wait_for(lambda: description(main).startswith('Elbow'), timeout=5)
        time.sleep(0.4)
        elbow = preview_shot(main, args.outdir, 'cards-elbow')
        if cell:
            do_action(cell[0])
        square = original.replace('      shape: ["#.",\n              "##"]',
                                  '      shape: ["##", "##"]')
        ok = wait_text(view, square)
        time.sleep(0.6)
        filled = preview_shot(main, args.outdir, 'cards-shape')
        differ, pixels = smoke.images_differ(elbow, filled) if (elbow and filled) else (False, '')
        tap.result(bool(ok) and square != original and differ
                   and 'shape ["##", "##"]' in description(main),
                   'clicking a cell of the shape grid writes shape ["##", "##"]; the preview follows',
                   f'cell {bool(cell)}, diff {diff_lines(original, view_text(view))}, '
                   f'pixels differing {pixels}, description {description(main)!r}')

        # 9: the title, typed into its entry row (Alt+T) and applied with Enter
        play.keys('Tilewright', 'alt+t', 'ctrl+a', text='Corner Block')
        play.keys('Tilewright', 'Return')
        titled = square.replace('    title: Elbow\n', '    title: Corner Block\n')
        ok = wait_text(view, titled)
        time.sleep(0.5)
        screenshot(args.outdir, 'cards-title')
        tap.result(bool(ok) and description(main).startswith('Corner Block'),
                   'a new title typed in the Title row replaces only "title: Elbow"',
                   f'diff {diff_lines(square, view_text(view))}, '
                   f'description {description(main)!r}')

        # 10: a card written as block lines: pattern-l back to shape-size (two up in
        # the list); its block of params becomes the one the new kind needs
        play.keys('Tilewright', 'alt+k')
        time.sleep(0.6)
        play.keys('Tilewright', 'Up', 'Up', 'Return')
        block = titled.replace('    kind: pictured-shape\n    params:\n      shape: ["##", "##"]\n'
                               '    points: 2\n    title: Corner Block\n',
                               '    kind: shape-size\n    params: {tiles: 3}\n'
                               '    points: 2\n    title: Corner Block\n')
        ok = wait_text(view, block)
        wait_for(lambda: 'a shape-size card' in description(main), timeout=5)
        time.sleep(0.5)
        screenshot(args.outdir, 'cards-block-kind')
        tap.result(bool(ok) and block != titled and 'a shape-size card' in description(main),
                   'Kind → shape-size on a block-style card writes "params: {tiles: 3}" '
                   'in place of its shape, the lines around kept',
                   f'diff {diff_lines(titled, view_text(view))}, description {description(main)!r}')

        # 11: a kind without parameters: size-4 → private-all-colors (five down);
        # its params go from the flow map, with their separator
        select_card(main, 1)
        wait_for(lambda: description(main).startswith('Four,'), timeout=5)
        play.keys('Tilewright', 'alt+k')
        time.sleep(0.6)
        play.keys('Tilewright', *(['Down'] * 5), 'Return')
        size4 = '  - {id: size-4, kind: shape-size, params: {tiles: 4}, points: 2, title: Four}\n'
        bare = '  - {id: size-4, kind: private-all-colors, points: 2, title: Four}\n'
        ok = wait_text(view, block.replace(size4, bare))
        tap.result(bool(ok) and only_changed(block, view_text(view) or '', size4, bare),
                   'Kind → private-all-colors (no parameters) removes ", params: {tiles: 4}"',
                   f'diff {diff_lines(block, view_text(view))}')

        # 12: the preview draws the card at the Print view's card size: 63 × 88 mm at
        # first; Card Width 90 mm in Print, and back in Design it is 90 × 88 mm
        first = description(main)
        narrow = preview_shot(main, args.outdir, 'cards-size-63')
        play.keys('Tilewright', 'alt+4')
        width = wait_for(lambda: spin(main, 'Card width in millimetres'), timeout=10)
        if width is not None:
            Atspi.Value.set_current_value(width, 90.0)
        play.keys('Tilewright', 'alt+1')
        wide_desc = wait_for(lambda: (lambda d: d if '90 × 88 mm' in d else None)(description(main)),
                             timeout=5)
        time.sleep(0.5)
        wide = preview_shot(main, args.outdir, 'cards-size-90')
        differ, pixels = smoke.images_differ(narrow, wide) if narrow and wide else (False, '')
        tap.result('63 × 88 mm' in first and bool(wide_desc) and differ,
                   'the card preview uses the Print view\'s card size (63 → 90 mm wide)',
                   f'spin {width is not None}, before {first!r}, after {description(main)!r}, '
                   f'pixels differing {pixels}')

        # 13: the edited text is still a valid definition
        saved = os.path.join(workdir, 'edited.yaml')
        with open(saved, 'w', encoding='utf-8') as f:
            f.write(view_text(view) or '')
        cli = os.path.join(os.path.dirname(os.path.dirname(args.app)), 'cli', 'tilewright-cli')
        result = subprocess.run([cli, 'validate', saved], capture_output=True, text=True, timeout=30)
        tap.result(result.returncode == 0, 'tilewright-cli validate accepts the edited text',
                   f'{result.returncode} {result.stdout} {result.stderr}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-cards-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
