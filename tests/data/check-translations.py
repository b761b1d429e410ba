#!/usr/bin/python3
"""Fails when a marked string is missing from po/tilewright.pot, or when a
translation named in po/LINGUAS does not compile or is incomplete.

Usage: check-translations.py SOURCE_ROOT XGETTEXT MSGFMT MSGCMP

1. The template is made again from po/POTFILES with xgettext, the way
   po/meson.build's i18n.gettext(preset: 'glib') makes it, into a temporary
   folder; every msgid (with its context) of that fresh template must be in
   the checked-in po/tilewright.pot (regenerate it with
   `ninja -C build tilewright-pot` after marking strings).
2. Every language of po/LINGUAS: `msgfmt --check` must compile po/LANG.po
   (formats, plurals, header), and every msgid of the fresh template must
   have a translation there that is neither missing, empty nor fuzzy
   (msgcmp), so a string marked after the last translation fails too.
"""
import pathlib
import subprocess
import sys
import tempfile

# meson's i18n module, PRESET_ARGS['glib'] (mesonbuild/modules/i18n.py), and
# the arguments its gettext script adds (-k_, --package-name).
GLIB_PRESET = [
    '--from-code=UTF-8',
    '--add-comments',
    '--keyword=_',
    '--keyword=N_',
    '--keyword=C_:1c,2',
    '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2',
    '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format',
    '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format',
    '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format',
    '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format',
    '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format',
    '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
]


def run(args, problems, what):
    proc = subprocess.run(args, capture_output=True, text=True)
    if proc.returncode != 0:
        problems.append(f'{what}:\n{proc.stdout}{proc.stderr}'.rstrip())
    return proc


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    xgettext, msgfmt, msgcmp = sys.argv[2:5]
    po = root / 'po'
    problems = []

    with tempfile.TemporaryDirectory() as tmp:
        fresh = pathlib.Path(tmp) / 'fresh.pot'
        proc = run([xgettext, '--package-name=tilewright', '-f', str(po / 'POTFILES'),
                    '-D', str(root), '-k_', '-o', str(fresh)] + GLIB_PRESET,
                   problems, 'xgettext cannot make the template')
        if proc.returncode != 0:
            print('\n'.join(problems), file=sys.stderr)
            return 1

        # a msgid of the sources that po/tilewright.pot lacks
        run([msgcmp, '--use-untranslated', str(po / 'tilewright.pot'), str(fresh)], problems,
            'po/tilewright.pot misses strings marked in the sources '
            '(run ninja -C build tilewright-pot)')

        languages = [line.strip() for line in (po / 'LINGUAS').read_text().splitlines()
                     if line.strip() and not line.startswith('#')]
        for lang in languages:
            po_file = po / f'{lang}.po'
            proc = run([msgfmt, '--check', '--statistics', '-o', '/dev/null', str(po_file)],
                       problems, f'po/{lang}.po does not compile')
            if proc.returncode == 0 and ('untranslated' in proc.stderr
                                         or 'fuzzy' in proc.stderr):
                problems.append(f'po/{lang}.po is incomplete: {proc.stderr.strip()}')
            # every msgid of the sources, translated and not fuzzy
            run([msgcmp, str(po_file), str(fresh)], problems,
                f'po/{lang}.po lacks translations of strings in the sources '
                '(msgmerge it with the template, then translate)')
            print(f'po/{lang}.po: {proc.stderr.strip()}')

    for problem in problems:
        print(problem, file=sys.stderr)
    print(f'{len(languages)} translations checked against the sources, '
          f'{len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
