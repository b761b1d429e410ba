#!/usr/bin/python3
"""Recovery of the Design view's unsaved text, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
a copy of data/games/colorblock.yaml, types a line into the Design view's
text, waits for the autosave (written about a second after typing stops, in
XDG_DATA_HOME/tilewright/design-autosave/), kills the app with SIGKILL,
starts it again on the same file, accepts "Restore" and checks that the text
is back byte for byte, marked unsaved, under the file's own name, while the
file on disk was never touched. Then saves (the autosave goes), types again
and quits with "Discard" (the autosave goes): the next start offers nothing. Screenshots go to
OUTDIR/screenshots/design-recovery-*.png.
"""
import glob
import importlib.util
import os
import shutil
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
play = smoke.load('play')
design = smoke.load('design')

find_all = smoke.find_all
wait_for = smoke.wait_for
start = smoke.start

N_TESTS = 8
OVERALL_TIMEOUT = 200
RESTORE = r'^_?Restore\b'
HEADING = 'Restore the unsaved definition?'
TYPED = '# kept "safe" after a crash\tand a tab'


def autosaves(workdir):
    return sorted(glob.glob(os.path.join(workdir, 'data', 'tilewright', 'design-autosave',
                                         '*.autosave')))


def run(tap, args, workdir):
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    game = os.path.join(workdir, 'colorblock.yaml')
    shutil.copyfile(os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml'), game)
    original = open(game, encoding='utf-8').read()

    # 1: type a line into the text; about a second later it is autosaved
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-design-recovery-1.log'))
    if not tap.result(main is not None, 'app starts on colorblock.yaml'):
        return app_proc
    play.keys('Tilewright', 'alt+1')
    view = wait_for(lambda: design.source_view(main), timeout=10)
    design.wait_text(view, original)
    none_before = autosaves(workdir) == []
    play.keys('Tilewright', 'ctrl+End', 'Return')
    # xdotool types a tab as Tab, which the source view may indent with: type
    # the line in two pieces around a literal tab key press
    first, second = TYPED.split('\t')
    play.keys('Tilewright', text=first)
    play.keys('Tilewright', 'Tab', text=second)
    edited = design.view_text(view) or ''
    # typing is two xdotool calls: on a busy machine the pause between them
    # can outlast the autosave delay, so the first autosave may hold only the
    # first piece; wait for the one that holds the last thing typed
    def autosaved_all():
        found = autosaves(workdir)
        if len(found) != 1:
            return None
        try:
            text = open(found[0], encoding='utf-8').read()
        except OSError:
            return None
        return found if second in text else None

    files = wait_for(autosaved_all, timeout=10) or autosaves(workdir)
    contents = open(files[0], encoding='utf-8').read() if files else ''
    title = play.main_title(main)
    time.sleep(0.3)
    smoke.screenshot(args.outdir, 'design-recovery-edited')
    tap.result(none_before and edited.startswith(original) and first in edited
               and len(files) == 1 and 'colorblock.yaml' in contents and title.startswith('• '),
               'a typed edit is autosaved once typing stops; the title shows "•"',
               f'before {none_before}, files {files}, title {title!r}, '
               f'text ends {edited[-60:]!r}')

    # 2: SIGKILL: the autosave stays, the file on disk was never written
    app_proc.proc.send_signal(signal.SIGKILL)
    app_proc.proc.wait()
    app_proc.kill()
    on_disk = open(game, encoding='utf-8').read()
    tap.result(app_proc.proc.returncode == -signal.SIGKILL and autosaves(workdir) == files
               and on_disk == original,
               'the app killed with SIGKILL leaves the autosave and an untouched file',
               f'return code {app_proc.proc.returncode}, autosaves {autosaves(workdir)}')

    # 3: the next start offers the text back
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-design-recovery-2.log'))
    restore = app and wait_for(lambda: find_all(app, role='push button', pattern=RESTORE),
                               timeout=10)
    heading = app and find_all(app, role='label', name=HEADING)
    body = app and find_all(app, role='label', pattern='“colorblock.yaml” had edits')
    time.sleep(0.5)
    smoke.screenshot(args.outdir, 'design-recovery-offer')
    if not tap.result(main is not None and bool(restore) and bool(heading) and bool(body),
                      f'the next start asks "{HEADING}" naming colorblock.yaml',
                      f'window {main is not None}, restore {bool(restore)}, heading {bool(heading)}, '
                      f'body {bool(body)}'):
        return app_proc

    # 4: Restore: the exact text, unsaved, under the file's name, in Design
    smoke.do_action(restore[0])
    view = wait_for(lambda: design.source_view(main), timeout=10)
    same = view is not None and design.wait_text(view, edited, timeout=10)
    title = wait_for(lambda: (lambda t: t if t.startswith('• ') else None)(play.main_title(main)),
                     timeout=5)
    named = design.labels(main, '^colorblock.yaml$')
    time.sleep(0.5)
    smoke.screenshot(args.outdir, 'design-recovery-restored')
    tap.result(bool(same) and bool(title) and bool(named),
               'Restore brings the typed text back byte for byte, marked unsaved, as colorblock.yaml',
               f'diff {design.diff_lines(edited, design.view_text(view) if view else "")}, '
               f'title {play.main_title(main)!r}, named {named}')

    # 5: the restored text is autosaved again by this session; the old file goes
    again = wait_for(lambda: (lambda f: f if len(f) == 1 and f != files else None)(autosaves(workdir)),
                     timeout=10)
    tap.result(bool(again), 'the restored text is autosaved by the new session, the old one removed',
               f'before {files}, now {autosaves(workdir)}')

    # 6: Ctrl+S saves the file; nothing is left to recover
    play.keys('Tilewright', 'ctrl+s')
    saved = wait_for(lambda: open(game, encoding='utf-8').read() == edited, timeout=10)
    cleared = wait_for(lambda: autosaves(workdir) == [], timeout=10)
    tap.result(bool(saved) and bool(cleared) and not play.main_title(main).startswith('•'),
               'Ctrl+S writes the file and removes the autosave',
               f'saved {bool(saved)}, autosaves {autosaves(workdir)}, title {play.main_title(main)!r}')

    # 7: another edit, autosaved; quitting with "Discard" removes it, and the
    # next start offers nothing
    play.keys('Tilewright', 'ctrl+End', 'Return', text='# given up')
    typed = wait_for(lambda: autosaves(workdir), timeout=10)
    play.keys('Tilewright', 'ctrl+q')
    discard = wait_for(lambda: find_all(app, role='push button', pattern=r'^_?Discard\b'),
                       timeout=5)
    if discard:
        smoke.do_action(discard[0])
    quit_ok = app_proc.wait_exit(10) and app_proc.proc.returncode == 0
    app_proc.kill()
    left = autosaves(workdir)
    app_proc, app, main = start(args, game, os.path.join(args.outdir, 'app-design-recovery-3.log'))
    offered = app and wait_for(lambda: find_all(app, role='label', name=HEADING), timeout=4)
    tap.result(bool(typed) and bool(discard) and quit_ok and left == [] and main is not None
               and not offered,
               'quitting with "Discard" removes the autosave; the next start offers nothing',
               f'autosaved {bool(typed)}, discard button {bool(discard)}, quit clean {quit_ok}, '
               f'left {left}, window {main is not None}, offered {bool(offered)}')
    play.keys('Tilewright', 'ctrl+q')
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-design-recovery-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
