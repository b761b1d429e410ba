#!/usr/bin/python3
"""The studio in German, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800). The
app is started on data/games/colorblock.yaml with LANGUAGE=de under
C.UTF-8 (built into glibc: no locale to generate) and finds po/de.po
compiled in the build tree through TILEWRIGHT_LOCALEDIR, which the tests'
environment sets. The labels are German where the app, the core and the
renderers make them:
 1. the view switcher names Entwurf, Spielen, Labor and Drucken, and no
    English name is left;
 2. Design: the text is "Definition als YAML", the problems' summary
    "Keine Probleme", the forms' options the module's labels in German;
 3. the primary menu offers "Tastenkürzel" and "Info zu Tilewright";
 4. Play: "Neue Partie …" opens "Neue Partie" with seats and the
    module's options in German; "Partie starten" starts a game whose turn
    reads "Spieler 1 ist am Zug" and whose board, drawn by the renderer, is
    described with its German areas ("Gemeinsames Spielbrett");
 5. Print: "Was gedruckt wird" and "Papiergröße";
 6. Lab: "Starten", "Wertereihe" and "Ausbalancieren" in its toolbar, none
    of them outside the window (the row wraps when German makes it long).
Screenshots go to OUTDIR/screenshots/german-*.png: look at them for labels
that German makes too long for their place.
"""
import importlib.util
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
allocated = smoke.allocated
do_action = smoke.do_action
screenshot = smoke.screenshot

N_TESTS = 6
OVERALL_TIMEOUT = 240
VIEWS = {'Design': 'Entwurf', 'Play': 'Spielen', 'Lab': 'Labor', 'Print': 'Drucken'}


def labels(root):
    return [a.get_name() for a in find_all(root, role='label')] if root else []


def show_view(main, name):
    tabs = [t for t in find_all(main, role='page tab', name=name) if allocated(t)]
    if tabs:
        do_action(tabs[0])
        wait_for(lambda: smoke.has_state(tabs[0], Atspi.StateType.SELECTED), timeout=5)
        time.sleep(0.4)
    return bool(tabs)


def run(tap, args, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    app_proc = smoke.start_app(args, game, os.path.join(args.outdir, 'app-german.log'),
                               language='de')
    app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
    if main is None:
        tap.result(False, 'the app starts on colorblock.yaml in German',
                   'no main window on the accessibility bus; see app-german.log')
        return app_proc

    # 1: the views by their German names, none by its English one
    tabs = {t.get_name() for t in find_all(main, role='page tab') if allocated(t)}
    german = set(VIEWS.values())
    english = set(VIEWS) & tabs
    shot = screenshot(args.outdir, 'german-start')
    tap.result(german <= tabs and not english,
               'view switcher: Entwurf, Spielen, Labor, Drucken',
               f'tabs {sorted(tabs)}; German missing {sorted(german - tabs)}, '
               f'English left {sorted(english)}; see {os.path.basename(shot)}')

    # 2: Design, with the variant form's options from the module's table (the
    # definition opened on Play: Design is shown first)
    show_view(main, 'Entwurf')
    texts = wait_for(lambda: [a for a in find_all(main, name='Definition als YAML')
                              if allocated(a)], timeout=5) or []
    screenshot(args.outdir, 'german-design')
    design_labels = labels(main)
    wanted = ['Keine Probleme', 'Plättchen dürfen gedreht werden', 'Zielkarten']
    missing = [w for w in wanted if w not in design_labels]
    tap.result(bool(texts) and not missing,
               'Design: "Definition als YAML", "Keine Probleme", the options in German',
               f'text view {bool(texts)}, missing {missing}')

    # 3: the primary menu
    menu_buttons = [b for b in find_all(main, role='push button', name='Hauptmenü')
                    if b.get_n_actions() > 0]
    items = []
    if menu_buttons:
        do_action(menu_buttons[0])
        found = wait_for(lambda: find_all(app, role='menu item'), timeout=5) or []
        items = [item.get_name() for item in found]
        time.sleep(0.3)
        screenshot(args.outdir, 'german-menu')
        smoke.subprocess.run(['xdotool', 'key', '--clearmodifiers', 'Escape'])
    tap.result('Tastenkürzel' in items and 'Info zu Tilewright' in items,
               'primary menu: "Tastenkürzel", "Info zu Tilewright"',
               f'menu buttons {len(menu_buttons)}, items {items}')

    # 4: Play: New Game in German, then the table
    show_view(main, 'Spielen')
    new_game = wait_for(lambda: play.button(main, 'Neue Partie …'), timeout=5)
    dialog = None
    if new_game is not None:
        do_action(new_game)
        dialog = wait_for(lambda: smoke.frame_named(app, '^Neue Partie$'), timeout=10)
    dialog_labels = labels(dialog)
    wanted = ['Spieler', 'Startwert', 'Name von Spieler 1', 'Wer Spieler 2 steuert',
              'Expertenmodus (Auswahl)', 'Größe des persönlichen Tableaus']
    missing = [w for w in wanted if w not in dialog_labels]
    if dialog is not None:
        time.sleep(0.4)
        screenshot(args.outdir, 'german-new-game')
        play.press(dialog, 'Partie starten')
    turn = wait_for(lambda: find_all(main, role='label', name='Spieler 1 ist am Zug'), timeout=10)
    board = find_all(main, name='Spielbrett')
    description = board[0].get_description() if board else ''
    time.sleep(0.5)
    shot = screenshot(args.outdir, 'german-play')
    tap.result(dialog is not None and not missing and bool(turn)
               and 'Gemeinsames Spielbrett' in description,
               'Play: "Neue Partie" in German, "Spieler 1 ist am Zug", the board in German',
               f'button {new_game is not None}, dialog {dialog is not None}, missing {missing}, '
               f'turn {bool(turn)}, board description {description!r}; '
               f'see {os.path.basename(shot)}')

    # 5: Print
    show_view(main, 'Drucken')
    print_labels = labels(main)
    wanted = ['Was gedruckt wird', 'Papiergröße']
    missing = [w for w in wanted if w not in print_labels]
    shot = screenshot(args.outdir, 'german-print')
    tap.result(not missing, 'Print: "Was gedruckt wird", "Papiergröße"',
               f'missing {missing}; see {os.path.basename(shot)}')

    # 6: the Lab's toolbar, where longer German labels must still fit: every
    # button (by its accessible name, without the ellipsis) inside the window
    show_view(main, 'Labor')
    wanted = ['Starten', 'Wertereihe', 'Ausbalancieren', 'Exportieren']
    # GTK 4.8 adds a button's label to its accessible name: "Wertereihe Wertereihe …"
    found = {w: next(iter(b for b in find_all(main, pattern='^' + w)
                          if b.get_role_name() in ('push button', 'toggle button')
                          and allocated(b)), None)
             for w in wanted}
    width = main.get_extents(Atspi.CoordType.WINDOW).width
    outside = [w for w, b in found.items()
               if b is not None and (lambda e: e.x + e.width > width)(
                   b.get_extents(Atspi.CoordType.WINDOW))]
    missing = [w for w, b in found.items() if b is None]
    shot = screenshot(args.outdir, 'german-lab')
    tap.result(not missing and not outside,
               'Lab: "Starten", "Wertereihe", "Ausbalancieren", "Exportieren" inside the window',
               f'missing {missing}, outside the window {outside} (width {width}); '
               f'see {os.path.basename(shot)}')
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-german-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
