#!/usr/bin/python3
"""The Print view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, switches to Print with Alt+4, prints tiles only
(75 tiles of 40 mm with 1.5 mm bleed, bleed to bleed, in 6 mm margins: 4x6
a page, so 4 pages of A4), pages through the preview, changes the paper to
Letter (still 4x6) and A3 (6x9: 2 pages) and sees the count follow, adds the
15 cards (edge to edge, 4x4 on A3: one more page), exports a PDF
through the file chooser and checks it with pdfinfo, and opens the print
dialog. Screenshots go to OUTDIR/screenshots/print-*.png.
"""
import importlib.util
import os
import re
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('play', os.path.join(HERE, 'test-play.py'))
play = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(play)
smoke = play.smoke

wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
allocated = smoke.allocated
screenshot = smoke.screenshot
keys = play.keys
press = play.press
button = play.button

N_TESTS = 11
OVERALL_TIMEOUT = 200
PAGE_LABEL = r'^Page \d+ of \d+$'


def page_label(root):
    labels = [a for a in find_all(root, role='label', pattern=PAGE_LABEL) if allocated(a)]
    return labels[0].get_name() if labels else None


def wait_label(root, text, timeout=5):
    return wait_for(lambda: page_label(root) == text, timeout=timeout)


def switch(root, name):
    found = [a for a in find_all(root, pattern='^' + re.escape(name))
             if a.get_n_actions() > 0 and allocated(a)]
    if not found:
        near = [(a.get_role_name(), a.get_name(), a.get_n_actions())
                for a in find_all(root, pattern='(?i)cards')]
        raise AssertionError(f'no switch {name!r}: {near}')
    return found[0]


def checked(acc):
    return smoke.has_state(acc, smoke.Atspi.StateType.CHECKED)


def choose_paper(downs):
    """Opens the paper row's list with its mnemonic (Alt+S; the list opens
    on the entry selected) and moves down that many entries: coordinate
    clicks and the row's AT-SPI actions do not open it here."""
    keys('Tilewright', 'alt+s')
    time.sleep(0.5)
    keys('Tilewright', *(['Down'] * downs), 'Return')


def preview_description(root):
    previews = find_all(root, name='Page preview')
    return previews[0].get_description() if previews else ''


def pdfinfo(path):
    result = subprocess.run(['pdfinfo', path], capture_output=True, text=True, timeout=30)
    return result.stdout if result.returncode == 0 else ''


def run(tap, args, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    app_proc = play.start_app(args, game, os.path.join(args.outdir, 'app-print.log'))
    try:
        app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, 'app starts on colorblock.yaml'):
            return app_proc

        # 2: Alt+4 shows Print with its preview and page count
        keys('Tilewright', 'alt+4')
        first = wait_for(lambda: page_label(main), timeout=10)
        tap.result(first is not None and first.startswith('Page 1 of '),
                   'Alt+4 shows the Print view with "Page 1 of N"', f'label {first!r}')

        # 3: tiles only on A4: 4 pages; Colorblock has no pieces, so no Pieces switch
        s = switch(main, 'Print cards')
        if checked(s):
            do_action(s)
        no_pieces = not [a for a in find_all(main, pattern='^Print pieces')
                         if a.get_n_actions() > 0 and allocated(a)]
        ok = wait_label(main, 'Page 1 of 4')
        desc = preview_description(main)
        time.sleep(0.3)
        screenshot(args.outdir, 'print-a4-tiles')
        tap.result(ok and no_pieces and '210 × 297 mm' in desc and 'page 1 of 4' in desc,
                   'tiles only on A4: 4 pages, the preview described; no Pieces switch',
                   f'label {page_label(main)!r}, description {desc!r}, no pieces {no_pieces}')

        # 4: page navigation
        press(main, 'Next Page')
        on_two = wait_label(main, 'Page 2 of 4')
        press(main, 'Previous Page')
        back = wait_label(main, 'Page 1 of 4')
        prev = button(main, 'Previous Page')
        tap.result(on_two and back and prev is not None and not play.sensitive(prev),
                   'Next and Previous page through the sheets; Previous is off on page 1',
                   f'label {page_label(main)!r}')

        # 5: Letter: still 4x6 a page, a different paper
        choose_paper(1)
        letter = wait_for(lambda: '216 × 279 mm' in preview_description(main), timeout=5)
        tap.result(letter and page_label(main) == 'Page 1 of 4',
                   'Letter paper: still 4 pages, the preview on 216 × 279 mm',
                   f'label {page_label(main)!r}, description {preview_description(main)!r}')

        # 6: A3: 2 pages
        choose_paper(1)
        a3 = wait_label(main, 'Page 1 of 2')
        time.sleep(0.3)
        screenshot(args.outdir, 'print-a3-tiles')
        tap.result(a3, 'A3 paper: the count follows to 2 pages', f'label {page_label(main)!r}')

        # 7: cards back on: more pages, then off again
        do_action(switch(main, 'Print cards'))
        more = wait_for(lambda: (page_label(main) or '').endswith(' of 3'), timeout=5)
        time.sleep(0.3)
        screenshot(args.outdir, 'print-a3-tiles-cards')
        do_action(switch(main, 'Print cards'))
        again = wait_label(main, 'Page 1 of 2')
        tap.result(more and again, 'switching cards on and off re-lays the sheets out',
                   f'label {page_label(main)!r}')

        # 8: export through the file chooser, written in the background
        out = os.path.join(workdir, 'sheets.pdf')
        press(main, 'Export…')
        chooser = wait_for(lambda: smoke.xdotool_windows('^Export Sheets$'), timeout=10)
        keys('^Export Sheets$', 'ctrl+a', text=out)
        keys('^Export Sheets$', 'Return')
        toast = wait_for(lambda: find_all(main, role='label', pattern=r'^Exported 2 pages to'),
                         timeout=15)
        info = pdfinfo(out) if os.path.exists(out) else ''
        time.sleep(0.3)
        screenshot(args.outdir, 'print-exported')
        tap.result(bool(chooser) and bool(toast) and re.search(r'Pages:\s+2\b', info)
                   and 'A3' in info,
                   'Export… writes a 2-page A3 PDF and says so',
                   f'chooser {bool(chooser)}, toast {bool(toast)}, pdfinfo {info!r}')

        # the exported sheet as it prints, for the screenshots
        if os.path.exists(out):
            subprocess.run(['pdftoppm', '-r', '40', '-f', '1', '-l', '1', '-png', '-singlefile',
                            out, os.path.join(args.outdir, 'print-exported-page-1')],
                           timeout=60)

        # 8b: a Tabletop Simulator object: the .json file type
        deck = os.path.join(workdir, 'deck.json')
        press(main, 'Export…')
        chooser = wait_for(lambda: smoke.xdotool_windows('^Export Sheets$'), timeout=10)
        keys('^Export Sheets$', 'ctrl+a', text=deck)
        keys('^Export Sheets$', 'Return')
        toast = wait_for(lambda: find_all(main, role='label',
                                          pattern=r'^Exported a Tabletop Simulator object to'),
                         timeout=30)
        text = ''
        if os.path.exists(deck):
            with open(deck, encoding='utf-8') as f:
                text = f.read()
        faces = os.path.join(workdir, 'deck-tile-full-r.png')
        tap.result(bool(chooser) and bool(toast) and '"ObjectStates"' in text
                   and '"Custom_Tile"' in text and os.path.exists(faces),
                   'Export… to a .json file writes a Tabletop Simulator object and its images',
                   f'chooser {bool(chooser)}, toast {bool(toast)}, json {text[:80]!r}, '
                   f'files {sorted(os.listdir(workdir))[:8]}')

        # 9: Print… opens the print dialog; Escape cancels it
        press(main, 'Print…')
        dialog = wait_for(lambda: smoke.xdotool_windows('^Print$'), timeout=10)
        time.sleep(0.5)
        screenshot(args.outdir, 'print-dialog')
        if dialog:
            keys('^Print$', 'Escape')
        closed = wait_for(lambda: not smoke.xdotool_windows('^Print$'), timeout=5)
        tap.result(bool(dialog) and bool(closed) and app_proc.running(),
                   'Print… opens the print dialog, which cancels cleanly')

        # 10: quit
        keys('Tilewright', 'ctrl+q')
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'quitting is clean', f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-print-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
