#!/usr/bin/python3
"""Smoke test of the studio's window, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh inside xvfb-run and dbus-run-session (a private X
server and session bus; GTK starts the accessibility bus on it). Starts the
built app on data/games/colorblock.yaml (it opens on Play's New Game),
switches to each view through the header bar's view switcher, opens the primary menu, the About window and the
keyboard shortcuts, shows Play with Alt+2, quits with Ctrl+Q,
then starts the app on a broken definition and checks the error dialog and
its "Edit in Design". Screenshots go to OUTDIR/screenshots.

GTK 4.8 reports no SHOWING state, so "this view is shown" is checked two
ways: the switcher tab is selected (it follows the stack's visible page) and
the screen differs from the previous view's; whether the page's panel was
given a size is reported when the check fails.
"""
import argparse
import importlib.util
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402

GLibError = GLib.Error
HERE = os.path.dirname(os.path.abspath(__file__))
OVERALL_TIMEOUT = 180
N_MAIN_WINDOW_TESTS = 13
VIEWS = ['Design', 'Play', 'Lab', 'Print']


class Tap:
    """TAP goes to TW_TAP_FD when set: the accessibility registry daemon,
    started on demand by the session bus, prints on the inherited stdout."""

    def __init__(self, plan):
        self.plan = plan
        self.n = 0
        self.failed = 0
        fd = os.environ.get('TW_TAP_FD')
        self.out = os.fdopen(int(fd), 'w') if fd else sys.stdout
        self.print(f'1..{plan}')

    def print(self, line):
        print(line, file=self.out, flush=True)

    def result(self, ok, description, diag=None):
        self.n += 1
        if not ok:
            self.failed += 1
        self.print(f'{"ok" if ok else "not ok"} {self.n} - {description}')
        if diag and not ok:
            for line in str(diag).splitlines():
                self.print(f'# {line}')
        return ok

    def bail_out_rest(self, reason):
        while self.n < self.plan:
            self.result(False, f'not reached: {reason}')

    def comment(self, text):
        for line in text.splitlines():
            self.print(f'# {line}')


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout(f'overall timeout of {OVERALL_TIMEOUT} s')


def wait_for(predicate, timeout=15.0, interval=0.2):
    """Polls predicate until it returns something true; returns that or None."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except GLibError:
            value = None
        if value:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


def children(acc):
    try:
        count = acc.get_child_count()
    except GLibError:
        return
    for i in range(count):
        try:
            child = acc.get_child_at_index(i)
        except GLibError:
            continue
        if child is not None:
            yield child


def walk(acc, depth=0):
    yield acc
    if depth < 60:
        for child in children(acc):
            yield from walk(child, depth + 1)


def find_all(root, role=None, name=None, pattern=None):
    found = []
    for acc in walk(root):
        try:
            if role is not None and acc.get_role_name() != role:
                continue
            acc_name = acc.get_name() or ''
        except GLibError:
            continue
        if name is not None and acc_name != name:
            continue
        if pattern is not None and not re.search(pattern, acc_name):
            continue
        found.append(acc)
    return found


def has_state(acc, state):
    try:
        return acc.get_state_set().contains(state)
    except GLibError:
        return False


def allocated(acc):
    try:
        extents = acc.get_extents(Atspi.CoordType.WINDOW)
    except GLibError:
        return False
    return extents.width > 0 and extents.height > 0


def find_app(pid):
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        try:
            if app.get_process_id() == pid:
                return app
        except GLibError:
            continue
    return None


def toplevels(app):
    return list(children(app))


def frame_named(app, pattern):
    for window in toplevels(app):
        try:
            if re.search(pattern, window.get_name() or ''):
                return window
        except GLibError:
            continue
    return None


def override_redirect(window):
    """Whether X window @window is override-redirect: a tooltip, popover or
    menu, which GTK names after the application like its toplevels."""
    result = subprocess.run(['xwininfo', '-id', window], capture_output=True, text=True)
    return 'Override Redirect State: yes' in result.stdout


def xdotool_windows(name):
    """The visible toplevel X windows whose title matches @name; a tooltip
    left showing under the pointer (also titled "Tilewright") is not one."""
    result = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', name],
                            capture_output=True, text=True)
    found = result.stdout.split() if result.returncode == 0 else []
    return [w for w in found if not override_redirect(w)]


def other_windows_showing(app, main_name):
    return [w for w in toplevels(app)
            if has_state(w, Atspi.StateType.SHOWING) and w.get_name() != main_name]


def close_dialog(app, dialog, x_name, main_name):
    """Closes a dialog with Escape, else with its header bar's Close button, and
    says whether only the main window is left. With no window manager, keyboard
    focus is given by hand. (Escape may only leave the shortcuts' search.)"""
    for window in xdotool_windows(x_name):
        subprocess.run(['xdotool', 'windowfocus', '--sync', window])
        subprocess.run(['xdotool', 'key', '--clearmodifiers', 'Escape'])
    if wait_for(lambda: not other_windows_showing(app, main_name), timeout=3):
        return True
    for button in find_all(dialog, role='push button', name='Close'):
        if button.get_n_actions() > 0 and allocated(button):
            do_action(button)
            break
    return bool(wait_for(lambda: not other_windows_showing(app, main_name), timeout=5))


def screenshot(outdir, name):
    path = os.path.join(outdir, name + '.png')
    subprocess.run(['import', '-window', 'root', path], check=True, timeout=30)
    return path


def images_differ(a, b):
    # compare prints the number of differing pixels on stderr; exit 0 same, 1 different.
    result = subprocess.run(['compare', '-metric', 'AE', a, b, 'null:'],
                            capture_output=True, text=True, timeout=30)
    return result.returncode == 1, result.stderr.strip()


def do_action(acc):
    try:
        return acc.do_action(0)
    except GLibError as e:
        raise AssertionError(f'cannot press {acc.get_name()!r}: {e}')


# Every app log of this run, read by run_script() at the end (check_app_logs).
APP_LOGS = []

# The app runs with fatal criticals only (run-gui-test.sh): a warning is
# found in its log instead, so that one GTK warning that is not ours can be
# let through. GTK 4.8 warns "Trying to snapshot GtkGizmo … without a current
# allocation" now and then while text is typed into the Design view's
# source view or a popup goes: the internal widget of a scrollbar or popover
# is drawn in the frame it is shown in, before GTK allocated it (its stack is
# all inside libgtk; later GTK versions no longer warn). Every other warning
# or critical in an app log fails the test.
GTK_SNAPSHOT_WARNING = re.compile(r'Gtk-WARNING \*\*: [0-9:.]+: Trying to snapshot \S+ 0x[0-9a-f]+ '
                                  r'without a current allocation')
LOG_PROBLEM = re.compile(r'-(WARNING|CRITICAL) \*\*')


def check_app_logs():
    """The warnings and criticals of the app logs, except GTK_SNAPSHOT_WARNING."""
    problems = []
    for path in APP_LOGS:
        try:
            with open(path, errors='replace') as f:
                for line in f:
                    if LOG_PROBLEM.search(line) and not GTK_SNAPSHOT_WARNING.search(line):
                        problems.append(f'{os.path.basename(path)}: {line.rstrip()}')
        except OSError:
            pass
    return problems


class App:
    """The app under test, always killed at the end. It speaks English
    (LANGUAGE empty) unless @language names a translation, such as "de"."""

    def __init__(self, args, path, log_path, language=''):
        env = dict(os.environ)
        env.update({
            'GDK_BACKEND': 'x11',
            'GSK_RENDERER': 'cairo',
            'GSETTINGS_SCHEMA_DIR': args.schemadir,
            'GSETTINGS_BACKEND': 'memory',
            'LC_ALL': 'C.UTF-8',
            'LANGUAGE': language,
        })
        env.pop('G_DEBUG', None)
        if os.environ.get('TW_APP_G_DEBUG'):
            env['G_DEBUG'] = os.environ['TW_APP_G_DEBUG']
        self.log = open(log_path, 'w')
        APP_LOGS.append(log_path)
        # no path: the app as a launcher starts it, on the welcome page
        self.proc = subprocess.Popen([args.app] + ([path] if path else []), env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)

    def running(self):
        return self.proc.poll() is None

    def wait_exit(self, timeout):
        try:
            self.proc.wait(timeout=timeout)
            return True
        except subprocess.TimeoutExpired:
            return False

    def kill(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            if not self.wait_exit(5):
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def load(name):
    """The sibling script test-NAME.py as module NAME, for its helpers (a
    name with a hyphen cannot be imported)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f'test-{name}.py'))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def display_ready():
    """xvfb-run returns before the server takes clients now and then (seen
    as "cannot open display" under load): wait until one can connect."""
    return subprocess.run(['xdotool', 'getdisplaygeometry'], capture_output=True).returncode == 0


def start_app(args, game, log, language=''):
    """Starts the app on @game once the display takes clients; an app that
    exits at once (the display went away under load) is started again."""
    for _ in range(3):
        wait_for(display_ready, timeout=15)
        app_proc = App(args, game, log, language)
        if not app_proc.wait_exit(1.5):
            return app_proc
        app_proc.kill()
    return app_proc


def start(args, game, log):
    """start_app(), then the app on the accessibility bus and its main
    window: (app_proc, app, main), app and main None when not found."""
    app_proc = start_app(args, game, log)
    app = wait_for(lambda: find_app(app_proc.proc.pid), timeout=30)
    main = app and wait_for(lambda: frame_named(app, 'Tilewright'), timeout=15)
    return app_proc, app, main


def parse_args():
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
    return args


def run_script(steps, n_tests, prefix, timeout):
    """The main() of every GUI test script: parses the arguments meson
    passes, plans @n_tests TAP results and runs @steps, one function or a
    list, each as step(tap, args, workdir) in one temporary directory named
    @prefix…, within @timeout seconds in all. A step returns the App it
    leaves running, or None; that app is killed before the next step and
    whatever happens. A timeout or an exception bails out the tests not yet
    reported. Returns the exit status."""
    args = parse_args()
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(timeout)
    tap = Tap(n_tests)
    app_proc = None
    with tempfile.TemporaryDirectory(prefix=prefix) as workdir:
        try:
            for step in steps if isinstance(steps, (list, tuple)) else [steps]:
                if app_proc is not None:
                    app_proc.kill()
                    app_proc = None
                app_proc = step(tap, args, workdir)
        except Timeout as e:
            tap.bail_out_rest(str(e))
        except Exception as e:  # a broken test must still print a complete plan
            tap.comment(traceback.format_exc())
            tap.bail_out_rest(f'{type(e).__name__}: {e}')
        finally:
            signal.alarm(0)
            if app_proc is not None:
                app_proc.kill()
    tap.bail_out_rest('test ended early')
    problems = check_app_logs()
    if problems:
        tap.comment('warnings or criticals in the app logs:\n' + '\n'.join(problems[:20]))
        return 1
    return 1 if tap.failed else 0


def check_main_window(tap, args, shots):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    app_proc = App(args, game, os.path.join(args.outdir, 'app-colorblock.log'))
    try:
        windows = wait_for(lambda: xdotool_windows('Tilewright'), timeout=30)
        if not tap.result(bool(windows), 'main window is mapped (xdotool finds "Tilewright")',
                          'no visible window named Tilewright within 30 s'):
            return app_proc
        x_window = windows[0]

        app = wait_for(lambda: find_app(app_proc.proc.pid), timeout=20)
        if not tap.result(app is not None, 'application is on the accessibility bus'):
            return app_proc
        main = wait_for(lambda: frame_named(app, 'Tilewright'), timeout=10)
        if main is None:
            tap.result(False, 'main window is on the accessibility bus',
                       [w.get_name() for w in toplevels(app)])
            return app_proc

        # 3: the open game in the title and the header bar: the window title, the game
        # and file names at the header's start (tooltip: full path), and the switcher
        # title's subtitle shown when the window is narrow.
        title = main.get_name()
        headers = find_all(main, name='Open game')
        header_labels = [a.get_name() for a in find_all(headers[0], role='label')] if headers else []
        subtitles = find_all(main, role='label', name='Colorblock — colorblock.yaml')
        tap.result(title == 'Colorblock — Tilewright'
                   and header_labels == ['Colorblock', 'colorblock.yaml'] and subtitles,
                   'window shows the open game: "Colorblock — colorblock.yaml"',
                   f'window title {title!r}, header {header_labels!r}, '
                   f'subtitle labels {len(subtitles)}; see app-colorblock.log')

        # 4: the switcher with the four views. The header's switcher comes first; the
        # bottom bar's copy (for narrow windows) is not allocated at this width.
        tabs = {}
        for tab in find_all(main, role='page tab'):
            name = tab.get_name()
            if name in VIEWS and name not in tabs and allocated(tab):
                tabs[name] = tab
        # a definition opens where the user can act first: Play, on its New Game
        opened_on = [v for v, t in tabs.items() if has_state(t, Atspi.StateType.SELECTED)]
        new_game = [b for b in find_all(main, role='push button', pattern=r'^New Game…')
                    if allocated(b)]
        picture = [a for a in find_all(main, name='The game at the table') if allocated(a)]
        tap.result(sorted(tabs) == sorted(VIEWS) and opened_on == ['Play'] and new_game
                   and picture,
                   'view switcher offers Design, Play, Lab, Print; the definition opened on Play, '
                   'with a picture of the game and New Game… on screen',
                   f'found {sorted(tabs)}, selected {opened_on}, New Game… buttons {len(new_game)}, '
                   f'pictures {len(picture)}')
        shots['play-start'] = screenshot(args.outdir, 'view-play-start')
        previous = shots['play-start']

        # 5-8: each other view in turn, ending on Design
        for view in ['Design', 'Lab', 'Print', 'Design']:
            tab = tabs.get(view)
            if tab is None:
                tap.result(False, f'switch to {view}', 'no switcher tab')
                continue
            do_action(tab)
            selected = wait_for(lambda: has_state(tab, Atspi.StateType.SELECTED), timeout=5)
            others = [v for v, t in tabs.items()
                      if v != view and has_state(t, Atspi.StateType.SELECTED)]
            # The stack's page: a panel carrying the page title as its name, given
            # a size only while it is the visible page. Pages that are whole
            # views (not status pages) may not expose that panel, so a tab that
            # is selected alone, with a screen that changed, counts as shown.
            shown = wait_for(lambda: any(allocated(page) for page in
                                         find_all(main, role='panel', name=view)), timeout=2)
            time.sleep(0.3)
            path = screenshot(args.outdir, f'view-{view.lower()}')
            differ, pixels = images_differ(previous, path)
            previous = path
            shots[view] = path
            tap.result(bool(selected) and not others and differ,
                       f'switch to {view}: tab selected, page "{view}" shown, screen changed',
                       f'selected={bool(selected)} also selected={others} '
                       f'page allocated={bool(shown)} pixels changed={pixels}')

        # 9: the primary menu
        menu_buttons = [b for b in find_all(main, role='push button', name='Main Menu')
                        if b.get_n_actions() > 0]
        items = {}
        if menu_buttons:
            do_action(menu_buttons[0])
            found = wait_for(lambda: find_all(app, role='menu item'), timeout=5) or []
            items = {item.get_name(): item for item in found}
            time.sleep(0.3)
            shots['menu'] = screenshot(args.outdir, 'primary-menu')
        tap.result('Keyboard Shortcuts' in items and 'About Tilewright' in items,
                   'primary menu lists Keyboard Shortcuts and About Tilewright',
                   f'menu buttons {len(menu_buttons)}, items {sorted(items)}')

        # 10: About from the menu
        about = None
        if 'About Tilewright' in items:
            do_action(items['About Tilewright'])
            about = wait_for(lambda: frame_named(app, '^About'), timeout=10)
        about_labels = [a.get_name() for a in find_all(about, role='label')] if about else []
        ok = about is not None and 'Tilewright' in about_labels and args.version in about_labels
        closed = False
        if about is not None:
            time.sleep(0.5)
            shots['about'] = screenshot(args.outdir, 'about')
            closed = close_dialog(app, about, '^About$', title)
        tap.result(ok and closed, f'About window shows the name and version {args.version}, closes',
                   f'about window {about is not None}, closed {closed}, labels {about_labels[:12]}')

        # 11: Keyboard Shortcuts from the menu
        shortcuts = None
        if menu_buttons:
            do_action(menu_buttons[0])
            item = wait_for(lambda: find_all(app, role='menu item', name='Keyboard Shortcuts'),
                            timeout=5)
            if item:
                do_action(item[0])
                shortcuts = wait_for(lambda: frame_named(app, 'Shortcuts'), timeout=10)
        texts = [a.get_name() for a in find_all(shortcuts, role='label')] if shortcuts else []
        wanted = (['Show Keyboard Shortcuts', 'Close Window', 'Quit'] + VIEWS
                  + ['Turn the Selected Piece or Tile',
                     'Put Another Piece, Tile or Meeple There',
                     'Move the Cursor on the Board'])
        missing = [w for w in wanted if w not in texts]
        closed = False
        if shortcuts is not None:
            time.sleep(0.5)
            shots['shortcuts'] = screenshot(args.outdir, 'shortcuts')
            closed = close_dialog(app, shortcuts, '^Shortcuts$', title)
        tap.result(shortcuts is not None and not missing and closed,
                   'Keyboard Shortcuts window lists every shortcut, closes',
                   f'window {shortcuts is not None}, closed {closed}, missing {missing}')

        # 12: Alt+2 shows Play (keyboard focus set by hand: there is no window manager)
        subprocess.run(['xdotool', 'windowfocus', '--sync', x_window])
        subprocess.run(['xdotool', 'key', '--clearmodifiers', 'alt+2'])
        play_tab = tabs.get('Play')
        tap.result(play_tab is not None
                   and wait_for(lambda: has_state(play_tab, Atspi.StateType.SELECTED), timeout=5),
                   'Alt+2 shows the Play view')

        # 13: Ctrl+Q quits
        subprocess.run(['xdotool', 'key', '--clearmodifiers', 'ctrl+q'])
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'Ctrl+Q quits the application cleanly',
                   f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def check_load_error(tap, args, shots):
    broken = os.path.join(args.outdir, 'broken.yaml')
    with open(broken, 'w') as f:
        f.write('game:\n  name: Broken\n  rules: colorblock\n  bogus: [unclosed\n')
    app_proc = App(args, broken, os.path.join(args.outdir, 'app-broken.log'))
    try:
        app = wait_for(lambda: find_app(app_proc.proc.pid), timeout=30)
        pattern = r'broken\.yaml:\d+:\d+'
        labels = None
        if app is not None:
            labels = wait_for(lambda: find_all(app, role='label', pattern=pattern), timeout=15)
        if labels:
            time.sleep(0.5)
            shots['load-error'] = screenshot(args.outdir, 'load-error')
        texts = [label.get_name() for label in labels or []]
        tap.result(bool(labels) and app_proc.running(),
                   'a broken definition shows its problems as file:line:column, no crash',
                   f'app running={app_proc.running()}, labels={texts}; see app-broken.log')

        # the dialog's "Edit in Design": the text in Design, its problem listed
        edit = None
        for window in toplevels(app) if app is not None else []:
            for b in find_all(window, role='push button', pattern=r'^_?Edit in Design'):
                if b.get_n_actions() > 0 and allocated(b):
                    edit = b
        text, problem = '', []
        if edit is not None:
            do_action(edit)
            main = wait_for(lambda: frame_named(app, 'Tilewright'), timeout=10)
            views = main and wait_for(
                lambda: [a for a in find_all(main, name='Definition YAML')
                         if a.get_text_iface() is not None and allocated(a)], timeout=10)
            if views:
                text = Atspi.Text.get_text(views[0], 0, Atspi.Text.get_character_count(views[0]))
            problem = main and wait_for(
                lambda: find_all(main, role='label', pattern=r'did not find expected'),
                timeout=10) or []
            time.sleep(0.5)
            shots['load-error-edit'] = screenshot(args.outdir, 'load-error-edit')
        tap.result(edit is not None and 'bogus: [unclosed' in text and bool(problem),
                   '"Edit in Design" opens the broken text in Design with its problem listed',
                   f'button {edit is not None}, text {text[:60]!r}, problem labels {len(problem)}')
    finally:
        app_proc.kill()


def main():
    shots = {}

    def main_window(tap, args, workdir):
        app_proc = check_main_window(tap, args, shots)
        while tap.n < N_MAIN_WINDOW_TESTS:
            tap.result(False, 'not reached: an earlier step of the main window failed')
        return app_proc

    def load_error(tap, args, workdir):
        check_load_error(tap, args, shots)
        tap.comment('screenshots: ' + ', '.join(sorted(os.path.basename(p) for p in shots.values())))

    return run_script([main_window, load_error], N_MAIN_WINDOW_TESTS + 2, 'tw-smoke-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
