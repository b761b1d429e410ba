#!/usr/bin/python3
"""The Lab view, driven through AT-SPI. Prints TAP.

Run by run-gui-test.sh (private X server and session bus). Starts the app on
data/games/colorblock.yaml, shows Lab with Alt+3, sets 200 games (the seats
default to random bots), presses Run, waits for the end, checks the win-rate
summary and the chart's accessible description carry numbers, exports the
per-game CSV from the Export menu through its file chooser and counts its
rows.

Then an A/B comparison: "What B changes" picks goals (Alt+W), the value in
B is a switch generated from the option's schema (no free text), and B
(goals=false) shows beside A with its significant differences marked. Five
billion games are refused (the field stops at the Lab's limit, a billion); a
run of that limit, which keeps no games but their statistics, is cancelled:
the games played so far stay, Run works again. That partial run is saved
with Ctrl+S through the file chooser (its arms hold accumulators),
another run replaces the charts, and Open Run brings the saved settings and
charts back exactly, without playing; a damaged file gives an error with its
line and column and changes nothing. Last, B plays another definition: a copy
of colorblock.yaml with more full red tiles, written by the test and chosen
in the file chooser (a broken copy is refused with its line and column); both
series are named by their definitions, and the run saves B's text and
reopens with it.
Screenshots go to OUTDIR/screenshots/lab-*.png.
"""
import hashlib
import importlib.util
import json
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
play = smoke.load('play')

Atspi = smoke.Atspi
wait_for = smoke.wait_for
find_all = smoke.find_all
do_action = smoke.do_action
allocated = smoke.allocated
screenshot = smoke.screenshot

N_TESTS = 24
OVERALL_TIMEOUT = 560
GAMES = 200
LONG = 1000000000      # the Lab's limit (TW_SIM_LAB_MAX_GAMES): a run that streams
TOO_MANY = 5000000000
WIN_ROW = r'^P(\d) \(random\): wins (\d+\.\d) % \(95 % interval (\d+\.\d)–(\d+\.\d) %\)'


def status(main):
    labels = find_all(main, role='label',
                      pattern=r'^(Finished|Cancelled|Stopped|Starting|Opened|Opening|\d+ of )')
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


def results_view(main):
    """Everything the results show: the summary lines and every chart's
    accessible description (its bars, values, intervals and marks)."""
    lines = [a.get_name() for a in find_all(main, role='label',
                                            pattern=r'^(P\d \(|\d+ games, |[AB] \(|With B \()')]
    charts = []
    for name in ('Win rate per seat', 'Mean score per seat', 'Score distribution',
                 'Game length', 'Module counters'):
        found = find_all(main, name=name)
        charts.append(found[0].get_description() if found else None)
    return lines, charts


def progress_done(main, total):
    """Games done from the progress line "N of TOTAL games · …", else -1."""
    m = re.match(rf'^(\d+) of {total} games', status(main))
    return int(m.group(1)) if m else -1


def value_in_b(main):
    """The controls called "Value in B" but their row: [(role, accessible)]."""
    return [(a.get_role_name(), a) for a in find_all(main, pattern=r'^Value in B( Value in B)?$')
            if a.get_role_name() not in ('list item', 'label')]


def choose_file(title, path, keyseq):
    """Drives a native file chooser (GtkFileChooserDialog here) as
    test-play.py does: wait for its window, type the path, press Return."""
    smoke.wait_for(lambda: smoke.xdotool_windows(f'^{title}$'), timeout=10)
    time.sleep(0.8)
    play.keys(f'^{title}$', keyseq, text=path)
    play.keys(f'^{title}$', 'Return')


def press_choose(main):
    """Presses B's "Choose…" button (its accessible name may carry the label
    twice, or the mnemonic, depending on GTK's version)."""
    found = wait_for(lambda: [b for b in find_all(main, role='push button', pattern=r'^Choose')
                              if b.get_n_actions() > 0 and allocated(b)], timeout=5)
    if not found:
        names = [(a.get_role_name(), a.get_name()) for a in find_all(main, pattern='hoose')]
        raise AssertionError(f'no Choose… button; named like it: {names}')
    do_action(found[0])


def open_menu(app, main, button_pattern, item_pattern):
    """Opens the menu of the button named like @button_pattern and waits
    for its items named like @item_pattern: (buttons, items), empty when
    either is missing."""
    buttons = wait_for(lambda: [b for b in find_all(main, pattern=button_pattern)
                                if b.get_n_actions() > 0 and allocated(b)], timeout=5) or []
    if not buttons:
        return [], []
    do_action(buttons[0])
    items = wait_for(lambda: [i for i in find_all(app, role='menu item')
                              if re.search(item_pattern, i.get_name() or '')], timeout=5)
    return buttons, items or []


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
                  'Tiles may be turned', 'What B changes']
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

        # 6b: the components of the run, charted and listed with their figures
        impact = find_all(main, name='Components by impact')
        heading = find_all(main, role='label', name='Components by Impact')
        goal_cells = find_all(main, role='label', pattern=r'^card:size-\d$')
        tap.result(len(impact) >= 2 and bool(heading) and len(goal_cells) >= 1,
                   'the run charts and lists its components by impact',
                   f'chart and table {len(impact)}, heading {bool(heading)}, '
                   f'goal card rows {len(goal_cells)}')

        # 7: CSV from the Export menu, through its file chooser
        csv = os.path.join(workdir, 'lab.csv')
        export, item = open_menu(app, main, r'^Export( Export)?$', r'^Export CSV')
        if item:
            do_action(item[0])
            choose_file('Export CSV', csv, 'ctrl+a')
        wait_for(lambda: os.path.exists(csv), timeout=10)
        lines = open(csv).read().splitlines() if os.path.exists(csv) else []
        header = lines[0].split(',') if lines else []
        data_rows = [line for line in lines[1:] if line]
        tap.result(header[:6] == ['arm', 'game', 'seed', 'moves', 'score_p1', 'score_p2']
                   and len(data_rows) == GAMES,
                   f'Export CSV… writes a header and {GAMES} per-game rows',
                   f'menu {bool(export)}, item {bool(item)}, header {header}, '
                   f'rows {len(data_rows)}')

        # 8: A/B: the option to change is a list of the module's options; the
        # value in B is the control of that option's type (a switch for goals)
        # the A/B group is at the end of the settings: scroll it into view (a
        # list popped up from a row outside the window has no monitor here)
        subprocess.run(['xdotool', 'mousemove', '200', '400', 'click', '--repeat', '40',
                        '--delay', '20', '5'])
        time.sleep(0.5)
        play.keys('Tilewright', 'alt+w')
        time.sleep(0.5)
        play.keys('Tilewright', 'Down', 'Down', 'Down', 'Return')
        controls = wait_for(lambda: value_in_b(main), timeout=5) or []
        roles = [role for role, _ in controls]
        # GTK 4.8 shows a GtkSwitch to AT-SPI as a check box
        b_off = len(controls) == 1 and not smoke.has_state(controls[0][1],
                                                           Atspi.StateType.CHECKED)
        subtitle = find_all(main, role='label', name='The value of Goal cards in arm B')
        tap.result(roles in (['switch'], ['check box'], ['toggle button']) and b_off
                   and bool(subtitle),
                   'B\'s value for goals is a switch from the schema (off: A plays with goals), '
                   'not a text field',
                   f'controls {roles}, off {b_off}, subtitle {bool(subtitle)}')

        # 9: the A/B run: both series, B's change named, differences marked
        do_action(run_button)
        finished = wait_for(lambda: status(main).startswith('Finished'), timeout=90, interval=0.3)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-ab')
        lines, charts = results_view(main)
        heads = [line for line in lines if re.match(r'^[AB] \(', line)]
        score = charts[1] or ''
        win_rows = [line for line in lines if re.match(WIN_ROW, line)]
        verdict = [line for line in lines if line.startswith('With B (set goals=false), ')]
        plain = bool(verdict) and lines.index(verdict[0]) == 0 and (
            verdict[0].endswith('a real difference.') or 'so negligible' in verdict[0]
            or 'no difference in who wins that this run can detect' in verdict[0])
        tap.result(bool(finished) and heads == ['A (as set)', 'B (set goals=false)']
                   and len(win_rows) == 4 and 'B: set goals=false' in score
                   and '(significant)' in score and plain,
                   'A/B: a plain verdict on who wins first, then A and B (set goals=false) side '
                   'by side, the score difference marked significant',
                   f'status {status(main)!r}, verdict {verdict[:1]}, heads {heads}, '
                   f'win rows {len(win_rows)}, score chart {score!r}')

        # 10: five billion games are more than the field takes: it stops at
        # its limit; a run of the limit (it keeps no games, only their
        # statistics), cancelled: the games so far stay, the page works again
        spin = set_spin(main, 'Games', TOO_MANY)
        capped = wait_for(lambda: spin_value(spin) == LONG, timeout=5)
        limit_said = find_all(main, role='label',
                              pattern=r'^How many games each configuration plays$')
        tap.comment(f'games field after typing {TOO_MANY}: {spin_value(spin)}, '
                    f'limit in the subtitle {bool(limit_said)}')
        do_action(run_button)
        partial = wait_for(lambda: progress_done(main, 2 * LONG) > 0
                           and len([line for line in results_view(main)[0]
                                    if re.match(WIN_ROW, line)]) == 4,
                           timeout=30, interval=0.2)
        running_sensitive = play.sensitive(run_button)
        play.press(main, 'Cancel')
        cancelled = wait_for(lambda: status(main).startswith('Cancelled after'), timeout=30)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-cancelled')
        played = re.match(r'^Cancelled after (\d+) games', status(main))
        played = int(played.group(1)) if played else 0
        before = results_view(main)
        kept = [line for line in before[0] if re.match(WIN_ROW, line)]
        usable = wait_for(lambda: play.sensitive(run_button), timeout=5) \
            and play.sensitive(spin)
        tap.result(bool(capped) and bool(limit_said) and bool(partial) and not running_sensitive
                   and bool(cancelled) and 0 < played < LONG and len(kept) == 4
                   and f'{played} games, ' in ' '.join(before[0]) and bool(usable),
                   f'the games stop at {LONG} (not {TOO_MANY}); Cancel stops such a run: '
                   'its games stay on the charts, Run and the settings work again',
                   f'capped {bool(capped)} ({spin_value(spin)}), subtitle {bool(limit_said)}, '
                   f'partial {bool(partial)}, Run while running {running_sensitive}, '
                   f'status {status(main)!r}, rows {len(kept)}, usable {bool(usable)}')

        # 11: Ctrl+S saves the run (settings and results) through the file chooser
        saved = os.path.join(workdir, 'lab-run.twlab')
        play.keys('Tilewright', 'ctrl+s')
        choose_file('Save Run', saved, 'ctrl+a')
        wait_for(lambda: os.path.exists(saved), timeout=10)
        doc = {}
        try:
            with open(saved) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            tap.comment(f'reading {saved}: {e}')
        settings = doc.get('settings', {})
        arms = doc.get('results', {}).get('arms', [])
        tap.result(doc.get('format') == 'tilewright-lab-run' and settings.get('games') == LONG
                   and settings.get('compare') == 'goals=false' and len(arms) == 2
                   and all(arm.get('games_played') == played and 'accumulator' in arm
                           and 'games' not in arm for arm in arms)
                   and 'Colorblock' in doc.get('definition', {}).get('text', ''),
                   'Ctrl+S writes the run: the definition, the settings, both arms\' statistics '
                   '(a run this long keeps no single games)',
                   f'format {doc.get("format")!r}, settings {settings}, arms {len(arms)}, '
                   f'games {[arm.get("games_played") for arm in arms]} (played {played})')

        # 12: another run replaces what is shown
        set_spin(main, 'Games', 50)
        do_action(run_button)
        other = wait_for(lambda: status(main).startswith('Finished: 50 games'), timeout=60)
        tap.result(bool(other) and results_view(main) != before,
                   'a 50-game run replaces the charts', f'status {status(main)!r}')

        # 13: Open Run brings the saved settings and charts back, without playing
        play.press(main, 'Open Run')
        choose_file('Open Run', saved, 'ctrl+l')
        opened = wait_for(lambda: status(main).startswith('Opened'), timeout=20)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-reopened')
        after = results_view(main)
        games_spin = [s for s in find_all(main, role='spin button', pattern='^Games( Games)?$')
                      if allocated(s)]
        controls = value_in_b(main)
        restored = (bool(games_spin) and spin_value(games_spin[0]) == LONG
                    and len(controls) == 1
                    and not smoke.has_state(controls[0][1], Atspi.StateType.CHECKED))
        tap.result(bool(opened) and f'{played} of {LONG} games' in status(main)
                   and after == before and restored,
                   'Open Run restores the settings (games, A/B: goals off in B) and the same '
                   'charts and summary',
                   f'status {status(main)!r}, same {after == before}, restored {restored}'
                   + ('' if after == before else f', before {before}, after {after}'))

        # 14: a damaged file: an error with file:line:column, nothing changes
        broken = os.path.join(workdir, 'broken.twlab')
        with open(saved) as f:
            text = f.read()
        with open(broken, 'w') as f:
            f.write(text.replace('"players": 2', '"players": 0', 1))
        play.press(main, 'Open Run')
        choose_file('Open Run', broken, 'ctrl+l')
        # the file holds every game the run played (tens of thousands): reading
        # it before the refusal takes seconds on a busy machine
        message = wait_for(lambda: find_all(app, role='label',
                                            pattern=r'broken\.twlab:\d+:\d+: .*players'),
                           timeout=60)
        # read now: the labels are gone with the dialog
        message = [m.get_name() for m in message or []]
        dialogs = [w for w in smoke.toplevels(app)
                   if find_all(w, role='label', pattern=r'broken\.twlab:')]
        dialog = dialogs[0] if dialogs else None
        time.sleep(0.3)
        screenshot(args.outdir, 'lab-open-error')
        # Escape answers the dialog with Close
        play.keys('^Could Not Open the Run$', 'Escape')
        gone = wait_for(lambda: not find_all(app, role='label', pattern=r'broken\.twlab:'),
                        timeout=5)
        tap.result(bool(message) and bool(gone) and results_view(main) == before
                   and status(main).startswith('Opened “lab-run.twlab”'),
                   'a damaged run file is refused with file:line:column; the charts stay',
                   f'message {message}, dialog {dialog is not None}, closed {bool(gone)}, '
                   f'status {status(main)!r}')

        # 15: a run made on another version of the definition brings its own
        # text: the Lab uses it (and says so) rather than the open one
        edited = os.path.join(workdir, 'edited.twlab')
        doc['definition']['text'] += '\n# edited after the run\n'
        doc['definition']['sha256'] = hashlib.sha256(
            doc['definition']['text'].encode()).hexdigest()
        with open(edited, 'w') as f:
            json.dump(doc, f)
        play.press(main, 'Open Run')
        choose_file('Open Run', edited, 'ctrl+l')
        opened = wait_for(lambda: status(main).startswith('Opened “edited.twlab”'), timeout=20)
        saved_text = find_all(main, role='label', name='Colorblock, as saved in the run')
        tap.result(bool(opened) and bool(saved_text) and results_view(main) == before,
                   'a run of an edited definition opens on the text saved in it',
                   f'status {status(main)!r}, definition row {bool(saved_text)}, '
                   f'same {results_view(main) == before}')

        # 16: B = another definition: "What B changes" offers it after the
        # options; Choose… opens a YAML file chooser; a broken file is refused
        # with its file:line:column, a good one is named in the row
        with open(game) as f:
            original = f.read()
        more_red = original.replace('name: Colorblock', 'name: Colorblock more red', 1).replace(
            'count: 3, edges: [red, red, red, red]', 'count: 9, edges: [red, red, red, red]', 1)
        b_file = os.path.join(workdir, 'colorblock-more-red.yaml')
        with open(b_file, 'w') as f:
            f.write(more_red)
        b_broken = os.path.join(workdir, 'broken-def.yaml')
        with open(b_broken, 'w') as f:
            f.write(original.replace('count: 3,', 'count: three,', 1))
        set_spin(main, 'Games', GAMES)
        subprocess.run(['xdotool', 'mousemove', '200', '400', 'click', '--repeat', '40',
                        '--delay', '20', '5'])
        time.sleep(0.5)
        play.keys('Tilewright', 'alt+w')
        time.sleep(0.5)
        play.keys('Tilewright', 'End', 'Return')
        none_yet = wait_for(lambda: find_all(main, role='label',
                                             pattern=r'^None yet: choose a file'), timeout=5)
        # the new row is below the group's end: scroll it into view
        subprocess.run(['xdotool', 'mousemove', '200', '400', 'click', '--repeat', '40',
                        '--delay', '20', '5'])
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-b-definition-row')
        press_choose(main)
        choose_file('Definition for B', b_broken, 'ctrl+l')
        refusal = wait_for(lambda: find_all(app, role='label',
                                            pattern=r'/broken-def\.yaml:\d+:\d+: .*three'),
                           timeout=10)
        refusal = [m.get_name() for m in refusal or []]
        time.sleep(0.3)
        screenshot(args.outdir, 'lab-b-definition-error')
        play.keys('^Could Not Use the Definition for B$', 'Escape')
        wait_for(lambda: not find_all(app, role='label', pattern=r'broken-def\.yaml:'), timeout=5)
        # the refused file changed nothing: B is still to be chosen
        refusal_kept = wait_for(lambda: find_all(main, role='label',
                                                 pattern=r'^None yet: choose a file'), timeout=5)
        press_choose(main)
        choose_file('Definition for B', b_file, 'ctrl+l')
        named = wait_for(lambda: find_all(main, role='label', name='Colorblock more red'),
                         timeout=10)
        tap.result(bool(none_yet) and bool(refusal) and bool(refusal_kept) and bool(named),
                   'B can be another definition: chosen in a YAML file chooser, named in its '
                   'row; a broken one is refused with file:line:column and changes nothing',
                   f'"None yet" {bool(none_yet)}, refusal {refusal}, '
                   f'unchanged {bool(refusal_kept)}, named {bool(named)}')

        # 17: the A/B run against that definition: both series named by their
        # definitions, in the summary and in the charts' legends
        do_action(run_button)
        finished = wait_for(lambda: status(main).startswith(f'Finished: {GAMES} games'),
                            timeout=120, interval=0.3)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-ab-definition')
        def_view = results_view(main)
        heads = [line for line in def_view[0] if re.match(r'^[AB] \(', line)]
        win_rows = [line for line in def_view[0] if re.match(WIN_ROW, line)]
        legends = [c or '' for c in def_view[1]]
        tap.result(bool(finished) and heads == ['A (Colorblock)', 'B (Colorblock more red)']
                   and len(win_rows) == 4
                   and all('A: Colorblock' in c and 'B: Colorblock more red' in c
                           for c in (legends[0], legends[1], legends[3])),
                   'A/B against another definition: both series named by their definitions',
                   f'status {status(main)!r}, heads {heads}, win rows {len(win_rows)}, '
                   f'win chart {legends[0]!r}')

        # 18: the run keeps B's definition: saved (version 2, B's text and hash)
        ab_saved = os.path.join(workdir, 'ab-definition.twlab')
        play.keys('Tilewright', 'ctrl+s')
        choose_file('Save Run', ab_saved, 'ctrl+a')
        wait_for(lambda: os.path.exists(ab_saved), timeout=10)
        ab_doc = {}
        try:
            with open(ab_saved) as f:
                ab_doc = json.load(f)
        except (OSError, ValueError) as e:
            tap.comment(f'reading {ab_saved}: {e}')
        b_def = ab_doc.get('compare_definition') or {}
        tap.result(ab_doc.get('version') == 2 and b_def.get('text') == more_red
                   and b_def.get('sha256') == hashlib.sha256(more_red.encode()).hexdigest()
                   and b_def.get('name') == 'Colorblock more red'
                   and ab_doc.get('settings', {}).get('compare') is None
                   and len(ab_doc.get('results', {}).get('arms', [])) == 2,
                   'the saved run holds B\'s definition text and its SHA-256 (version 2)',
                   f'version {ab_doc.get("version")}, B {b_def.get("name")!r}, '
                   f'text same {b_def.get("text") == more_red}')

        # 19: reopened (after another run replaced the charts) from B's saved text,
        # even with B's file gone
        os.remove(b_file)
        play.press(main, 'Open Run')
        choose_file('Open Run', saved, 'ctrl+l')
        wait_for(lambda: status(main).startswith('Opened “lab-run.twlab”'), timeout=20)
        play.press(main, 'Open Run')
        choose_file('Open Run', ab_saved, 'ctrl+l')
        opened = wait_for(lambda: status(main).startswith('Opened “ab-definition.twlab”'),
                          timeout=20)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-ab-definition-reopened')
        row_named = find_all(main, role='label', name='Colorblock more red')
        tap.result(bool(opened) and results_view(main) == def_view and bool(row_named),
                   'Open Run brings back the A/B run against B\'s saved definition',
                   f'status {status(main)!r}, same {results_view(main) == def_view}, '
                   f'B row {bool(row_named)}')

        # 20: the bundled games are a menu beside Choose…: picking Colorblock
        # itself names it with its file, since A has the same name
        # (the menu names the games, not their files)
        bundled, items = open_menu(app, main, r'^Bundled games', r'^Colorblock$')
        names = sorted(i.get_name() for i in find_all(app, role='menu item')
                       if re.match(r'^[A-Z][A-Za-z0-9 ]+$', i.get_name() or ''))
        if items:
            do_action(items[0])
        picked = wait_for(lambda: find_all(main, role='label',
                                           name='Colorblock (colorblock.yaml)'), timeout=10)
        time.sleep(0.3)
        screenshot(args.outdir, 'lab-b-bundled')
        tap.result(bool(items) and 'Colorblock' in names and bool(picked),
                   'a bundled game can be B, from the menu beside Choose…',
                   f'menu button {bool(bundled)}, items {names}, picked {bool(picked)}')

        # 21: Balance… opens its dialog over the Lab; Escape closes it
        # GTK 4.8 names it "Balance Balance…": its label after its accessible label
        found = [b for b in find_all(main, role='push button', pattern=r'^Balance')
                 if b.get_n_actions() > 0]
        balance = found[0] if found else None
        if balance:
            do_action(balance)
        dialog = wait_for(lambda: smoke.xdotool_windows('^Balance$'), timeout=10)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-balance')
        if dialog:
            play.keys('^Balance$', 'Escape')
        closed = wait_for(lambda: not smoke.xdotool_windows('^Balance$'), timeout=10)
        tap.result(bool(balance) and bool(dialog) and bool(closed),
                   'Balance… opens its dialog, and Escape closes it',
                   f'button {bool(balance)}, dialog {bool(dialog)}, closed {bool(closed)}')

        # 22: Sweep… opens its dialog, which offers what may vary; Escape
        # closes it (tests/test-lab-dialogs.c runs a sweep in process)
        found = [b for b in find_all(main, role='push button', pattern=r'^Sweep')
                 if b.get_n_actions() > 0]
        sweep = found[0] if found else None
        if sweep:
            do_action(sweep)
        dialog = wait_for(lambda: smoke.xdotool_windows('^Sweep$'), timeout=10)
        run_button = wait_for(lambda: find_all(app, role='push button', pattern=r'Run Sweep'),
                              timeout=10)
        time.sleep(0.5)
        screenshot(args.outdir, 'lab-sweep')
        if dialog:
            play.keys('^Sweep$', 'Escape')
        closed = wait_for(lambda: not smoke.xdotool_windows('^Sweep$'), timeout=10)
        tap.result(bool(sweep) and bool(dialog) and bool(run_button) and bool(closed),
                   'Sweep… opens its dialog, and Escape closes it',
                   f'button {bool(sweep)}, dialog {bool(dialog)}, run {bool(run_button)}, '
                   f'closed {bool(closed)}')

        # 23: quit cleanly
        play.keys('Tilewright', 'ctrl+q')
        tap.result(app_proc.wait_exit(10) and app_proc.proc.returncode == 0,
                   'quitting is clean', f'return code {app_proc.proc.poll()}')
    except Exception:
        tap.comment(traceback.format_exc())
        raise
    return app_proc


def main():
    return smoke.run_script(run, N_TESTS, 'tw-lab-', OVERALL_TIMEOUT)


if __name__ == '__main__':
    sys.exit(main())
