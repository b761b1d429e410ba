#!/usr/bin/python3
"""The help: the primary menu's Help and F1, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus, 1280x800, empty
XDG data and config homes). No test waits for a help viewer's window:
help: URIs are given to a stand-in viewer, a desktop file in the test's
XDG data home made the default handler in its mimeapps.list, whose command
writes the URI it is given to a file. So:
 1. the primary menu lists Help;
 2. Help from the menu in the Lab view opens help:tilewright/lab;
 3. F1 in the Play view opens help:tilewright/play;
 4. F1 on the welcome page (the app started without a file) opens
    help:tilewright, the index.
Then no application handles help: URIs (every one that does, Yelp
included, is removed from them in mimeapps.list):
 5. F1 shows "Could Not Open the Help" with the reason and what to do, and
    the app goes on running after Close.
The app logs must hold no warning (run_script checks them).
"""
import importlib.util
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)

wait_for = smoke.wait_for
find_all = smoke.find_all
allocated = smoke.allocated
do_action = smoke.do_action

N_TESTS = 5
OVERALL_TIMEOUT = 240
VIEWER = 'tw-test-help-viewer.desktop'


def xdg(name):
    """A folder of the test's XDG homes (run-gui-test.sh sets them)."""
    path = os.environ[name]
    os.makedirs(path, exist_ok=True)
    return path


def help_handlers():
    """The desktop files that handle help: URIs here, as GIO lists them."""
    result = subprocess.run(['gio', 'mime', 'x-scheme-handler/help'],
                            capture_output=True, text=True)
    return sorted({w for w in result.stdout.split() if w.endswith('.desktop')})


def install_viewer(workdir):
    """The stand-in viewer, the default for help: URIs; returns the file it
    writes each URI to."""
    record = os.path.join(workdir, 'opened.txt')
    script = os.path.join(workdir, 'record-help.sh')
    with open(script, 'w') as f:
        f.write(f'#!/bin/sh\nprintf "%s\\n" "$1" >> {record}\n')
    os.chmod(script, 0o755)
    applications = os.path.join(xdg('XDG_DATA_HOME'), 'applications')
    os.makedirs(applications, exist_ok=True)
    with open(os.path.join(applications, VIEWER), 'w') as f:
        f.write('[Desktop Entry]\nType=Application\nName=Help Recorder\n'
                f'Exec={script} %u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n')
    with open(os.path.join(xdg('XDG_CONFIG_HOME'), 'mimeapps.list'), 'w') as f:
        f.write(f'[Default Applications]\nx-scheme-handler/help={VIEWER}\n')
    return record


def remove_viewers():
    """No application handles help: URIs any more: the stand-in goes, and
    whatever else handles them is removed from them."""
    path = os.path.join(xdg('XDG_DATA_HOME'), 'applications', VIEWER)
    if os.path.exists(path):
        os.remove(path)
    handlers = help_handlers()
    with open(os.path.join(xdg('XDG_CONFIG_HOME'), 'mimeapps.list'), 'w') as f:
        if handlers:
            f.write('[Removed Associations]\nx-scheme-handler/help=' + ';'.join(handlers) + ';\n')
    return help_handlers()


def opened(record, before):
    """The URIs the viewer was given after the first @before."""
    try:
        with open(record) as f:
            lines = f.read().split()
    except OSError:
        return []
    return lines[before:]


def press(x_window, key):
    """@key to the window (keyboard focus given by hand: no window manager)."""
    subprocess.run(['xdotool', 'windowfocus', '--sync', x_window])
    subprocess.run(['xdotool', 'key', '--clearmodifiers', key])


def start(args, game, log):
    """The app, its main window on the accessibility bus and its X window."""
    app_proc, app, main = smoke.start(args, game, log)
    windows = main and wait_for(lambda: smoke.xdotool_windows('Tilewright'), timeout=15)
    return app_proc, app, main, windows[0] if windows else None


def tab_selected(main, name):
    return any(smoke.has_state(t, smoke.Atspi.StateType.SELECTED)
               for t in find_all(main, role='page tab', name=name) if allocated(t))


def check_menu_and_f1(tap, args, workdir):
    record = install_viewer(workdir)
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    app_proc, app, main, x_window = start(args, game, os.path.join(args.outdir, 'app-help.log'))
    if x_window is None:
        for what in ('the primary menu lists Help', 'Help in the Lab', 'F1 in Play'):
            tap.result(False, f'{what}: the main window did not appear; see app-help.log')
        return app_proc

    # 1-2: Help in the primary menu, from the Lab
    press(x_window, 'alt+3')
    in_lab = wait_for(lambda: tab_selected(main, 'Lab'), timeout=5)
    items = {}
    buttons = [b for b in find_all(main, role='push button', name='Main Menu')
               if b.get_n_actions() > 0]
    if buttons:
        do_action(buttons[0])
        found = wait_for(lambda: find_all(app, role='menu item'), timeout=5) or []
        items = {item.get_name(): item for item in found}
        time.sleep(0.3)
        smoke.screenshot(args.outdir, 'help-menu')
    tap.result('Help' in items, 'the primary menu lists Help',
               f'menu buttons {len(buttons)}, items {sorted(items)}')
    uris = []
    if 'Help' in items:
        do_action(items['Help'])
        uris = wait_for(lambda: opened(record, 0), timeout=10) or []
    tap.result(bool(in_lab) and uris == ['help:tilewright/lab'],
               'Help in the Lab opens help:tilewright/lab',
               f'Lab shown {bool(in_lab)}, the viewer was given {uris}')

    # 3: F1 in Play
    press(x_window, 'Escape')
    press(x_window, 'alt+2')
    in_play = wait_for(lambda: tab_selected(main, 'Play'), timeout=5)
    press(x_window, 'F1')
    uris = wait_for(lambda: opened(record, 1), timeout=10) or []
    tap.result(bool(in_play) and uris == ['help:tilewright/play'],
               'F1 in Play opens help:tilewright/play',
               f'Play shown {bool(in_play)}, the viewer was given {uris}')
    return app_proc


def check_welcome(tap, args, workdir):
    record = os.path.join(workdir, 'opened.txt')
    before = len(opened(record, 0))
    app_proc, app, main, x_window = start(args, None, os.path.join(args.outdir,
                                                                  'app-help-welcome.log'))
    uris = []
    if x_window is not None:
        press(x_window, 'F1')
        uris = wait_for(lambda: opened(record, before), timeout=10) or []
    tap.result(uris == ['help:tilewright'], 'F1 on the welcome page opens help:tilewright',
               f'window {x_window is not None}, the viewer was given {uris}')
    return app_proc


def check_no_viewer(tap, args, workdir):
    left = remove_viewers()
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    app_proc, app, main, x_window = start(args, game, os.path.join(args.outdir,
                                                                  'app-help-none.log'))
    heading = body = dialog = None
    closed = False
    if x_window is not None:
        press(x_window, 'F1')
        heading = wait_for(lambda: find_all(app, role='label', name='Could Not Open the Help'),
                           timeout=10)
        body = find_all(app, role='label', pattern=r'help pages \(.+\)\. Install a help viewer '
                                                    r'such as Yelp')
        if heading:
            time.sleep(0.3)
            smoke.screenshot(args.outdir, 'help-none')
            # the dialog's Close, not the main window's title bar button of that name
            dialog = next((w for w in smoke.toplevels(app)
                           if find_all(w, role='label', name='Could Not Open the Help')), None)
            close = [b for b in find_all(dialog, role='push button', pattern=r'^_?Close( .*)?$')
                     if b.get_n_actions() > 0 and allocated(b)] if dialog else []
            if close:
                do_action(close[0])
                closed = bool(wait_for(lambda: not find_all(app, role='label',
                                                            name='Could Not Open the Help'),
                                       timeout=5))
    tap.result(bool(heading) and bool(body) and closed and app_proc.running(),
               'without a help viewer, F1 says why the help cannot open; the app goes on',
               f'handlers left {left}, heading {bool(heading)}, body {bool(body)}, '
               f'closed {closed}, running {app_proc.running()}, dialog buttons '
               f'{[b.get_name() for b in find_all(dialog, role="push button")] if dialog else None}'
               '; see app-help-none.log')
    return app_proc


def main():
    return smoke.run_script([check_menu_and_f1, check_welcome, check_no_viewer],
                            N_TESTS, 'tw-help-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
