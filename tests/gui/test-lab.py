#!/usr/bin/python3
"""The Lab view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, shows Lab with Alt+3, sets 200 games (the seats
default to random bots), presses Run, waits for the end, checks the win-rate
summary and the chart's accessible description carry numbers, exports the
per-game CSV through the window action "win.lab-export-csv" (called over
D-Bus: file choosers are fiddly under AT-SPI) and counts its rows.
Screenshots go to OUTDIR/screenshots/lab-*.png.
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

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location('smoke', os.path.join(HERE, 'test-smoke.py'))
smoke = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(smoke)
_spec = importlib.util.spec_from_file_location('play', os.path.join(HERE, 'test-play.py'))
play = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(play)

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
allocated = smoke.allocated
screenshot = smoke.screenshot

N_TESTS = 8
OVERALL_TIMEOUT = 200
GAMES = 200
APP_ID = 'io.github.tilewright.Tilewright'
WIN_ROW = r'^P(\d) \(random\): wins (\d+\.\d) % \(95 % interval (\d+\.\d)–(\d+\.\d) %\)'


def status(main):
    labels = find_all(main, role='label', pattern=r'^(Finished|Cancelled|Stopped|Starting|\d+ of )')
    return labels[0].get_name() if labels else ''


def set_spin(main, name, value):
    """Types a value into the spin button called name: focus it through
    AT-SPI, select its text and type, then Tab to commit."""
    # GTK 4.8 appends the row's title to the accessible label: "Games Games"
    pattern = '^' + re.escape(name) + '( ' + re.escape(name) + ')?$'
    spins = [s for s in find_all(main, role='spin button', pattern=pattern) if allocated(s)]
    if not spins:
        found = [(a.get_role_name(), a.get_name()) for a in find_all(main, pattern=name)]
        raise AssertionError(f'no spin button {name!r}; named like it: {found}')
    spin = spins[0]
    try:
        if spin.set_current_value(float(value)):
            return spin
    except smoke.GLibError:
        pass
    # GTK 4.8 cannot set values or focus through AT-SPI: activating the row
    # focuses its spin button (the row's activatable widget); then type.
    rows = [r for r in find_all(main, role='list item', name=name)
            if r.get_n_actions() > 0 and allocated(r)]
    if not rows:
        raise AssertionError(f'no activatable row {name!r}')
    do_action(rows[0])
    time.sleep(0.3)
    play.keys('Tilewright', 'ctrl+a', text=str(value))
    play.keys('Tilewright', 'Tab')
    return spins[0]


def spin_value(spin):
    try:
        return spin.get_current_value()
    except smoke.GLibError:
        return None


def run(tap, args, workdir):
    game = os.path.join(args.srcdir, 'data', 'games', 'colorblock.yaml')
    os.environ['XDG_DATA_HOME'] = os.path.join(workdir, 'data')
    app_proc = play.start_app(args, game, os.path.join(args.outdir, 'app-lab.log'))
    try:
        app = wait_for(lambda: smoke.find_app(app_proc.proc.pid), timeout=30)
        main = app and wait_for(lambda: smoke.frame_named(app, 'Tilewright'), timeout=15)
        if not tap.result(main is not None, 'app starts on colorblock.yaml'):
            return app_proc

        # 2: Alt+3 shows the Lab with its settings and Run
        play.keys('Tilewright', 'alt+3')
        run_button = wait_for(lambda: play.button(main, 'Run'), timeout=5)
        labels = [a.get_name() for a in find_all(main, role='label')]
        wanted = ['Players', 'Games', 'Seed', 'Threads', 'Seat 1 bot', 'Seat 2 bot',
                  'rotation', 'Option to change']
        missing = [w for w in wanted if w not in labels]
        time.sleep(0.4)
        screenshot(args.outdir, 'lab-start')
        tap.result(run_button is not None and not missing,
                   'Alt+3 shows the Lab: games, seed, threads, a bot per seat, the options, A/B',
                   f'run button {run_button is not None}, missing {missing}')

        # 3: 200 games of random bots
        spin = set_spin(main, 'Games', GAMES)
        value = wait_for(lambda: spin_value(spin) == GAMES, timeout=5)
        randoms = [a for a in find_all(main, role='label', name='Random') if allocated(a)]
        tap.result(bool(value) and len(randoms) >= 2,
                   f'the games are set to {GAMES}, the seats play random bots',
                   f'games {spin_value(spin)}, "Random" labels {len(randoms)}')

        # 4: Run to the end; Run is disabled while running
        do_action(run_button)
        finished = wait_for(lambda: status(main).startswith('Finished'), timeout=90, interval=0.3)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-finished')
        tap.result(bool(finished) and f'{GAMES} games' in status(main),
                   f'Run plays {GAMES} games off the main loop and reports the end',
                   f'status {status(main)!r}')

        # 5: the win rates as numbers, one per seat, summing to 100 %
        rows = [re.match(WIN_ROW, a.get_name()) for a in find_all(main, role='label',
                                                                 pattern=WIN_ROW)]
        rates = [float(m.group(2)) for m in rows]
        sane = all(float(m.group(3)) <= float(m.group(2)) <= float(m.group(4)) for m in rows)
        tap.result(len(rows) == 2 and abs(sum(rates) - 100) < 0.5 and sane,
                   'each seat shows its win rate inside its 95 % interval; they sum to 100 %',
                   f'rows {[a.get_name() for a in find_all(main, role="label", pattern="^P")]}')

        # 6: the chart's accessible description has the same numbers
        charts = find_all(main, name='Win rate per seat')
        desc = charts[0].get_description() if charts else ''
        tap.result(bool(re.search(r'P1: \d+\.\d %, 95% interval \d+\.\d % to \d+\.\d %', desc or '')),
                   'the win-rate chart describes its bars with values and intervals',
                   f'description {desc!r}')

        # 7: CSV through the window action, over D-Bus
        csv = os.path.join(workdir, 'lab.csv')
        call = subprocess.run(['gdbus', 'call', '--session', '--dest', APP_ID,
                               '--object-path', '/' + APP_ID.replace('.', '/') + '/window/1',
                               '--method', 'org.gtk.Actions.Activate', 'lab-export-csv',
                               f"[<'{csv}'>]", '{}'], capture_output=True, text=True, timeout=20)
        wait_for(lambda: os.path.exists(csv), timeout=5)
        lines = open(csv).read().splitlines() if os.path.exists(csv) else []
        header = lines[0].split(',') if lines else []
        data_rows = [line for line in lines[1:] if line]
        tap.result(header[:6] == ['arm', 'game', 'seed', 'moves', 'score_p1', 'score_p2']
                   and len(data_rows) == GAMES,
                   f'lab-export-csv writes a header and {GAMES} per-game rows',
                   f'gdbus {call.returncode} {call.stderr.strip()}, header {header}, '
                   f'rows {len(data_rows)}')

        # 8: quit cleanly
        play.keys('Tilewright', 'ctrl+q')
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'quitting is clean', f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
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

    signal.signal(signal.SIGALRM, smoke.on_alarm)
    signal.alarm(OVERALL_TIMEOUT)
    tap = smoke.Tap(N_TESTS)
    app_proc = None
    with tempfile.TemporaryDirectory(prefix='tw-lab-') as workdir:
        try:
            app_proc = run(tap, args, workdir)
        except smoke.Timeout as e:
            tap.bail_out_rest(str(e))
        except Exception as e:
            tap.bail_out_rest(f'{type(e).__name__}: {e}')
        finally:
            signal.alarm(0)
            if app_proc is not None:
                app_proc.kill()
    tap.bail_out_rest('test ended early')
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
