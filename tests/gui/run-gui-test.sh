#!/usr/bin/env bash
# Runs a GUI test on a private X server and session bus, so it needs no
# display and never touches the user's session:
#
#   run-gui-test.sh SCRIPT.py ARGS...   a Python script driving the app over AT-SPI
#   run-gui-test.sh PROGRAM ARGS...     a GTest program building widgets in process
#
# A script starts the application itself. G_DEBUG (its fatal warnings made
# fatal criticals: test-smoke.py reads warnings from the app's log) is handed
# to the application only: the test's own AT-SPI client must not abort on a
# warning from libatspi about a widget that went away. A program keeps
# G_DEBUG and prints its TAP on stdout.
set -u
script=$1
shift
# The user's own files never leak in (an autosave there would make the app
# offer to restore it): every test starts with empty data and config homes.
xdg=$(mktemp -d "${TMPDIR:-/tmp}/tw-gui-XXXXXX")
trap 'rm -rf "$xdg"' EXIT
export XDG_DATA_HOME="$xdg/data" XDG_CONFIG_HOME="$xdg/config" XDG_CACHE_HOME="$xdg/cache"
# Display numbers start from one drawn from the process id: with the default
# (:99) two suites started at once by parallel builds race for the same
# server and one of them gets "cannot open display".
servernum=$((100 + $$ % 4000))
on_display=(xvfb-run -a -n "$servernum" -s "-screen 0 1280x800x24" dbus-run-session --)
case $script in
  *.py) ;;
  *)
    # No accessibility bus: its registry daemon would print into the TAP on
    # stdout, and an in-process test asks the widgets themselves. A hard
    # limit above meson's, in case the X server or bus hangs.
    GTK_A11Y=none timeout --kill-after=10 430 "${on_display[@]}" "$script" "$@"
    exit ;;
esac
# Criticals stop the app at once; warnings are read from its log at the end
# (test-smoke.py, check_app_logs), where one GTK 4.8 warning that is not ours
# is let through.
export TW_APP_G_DEBUG=${G_DEBUG:-}
TW_APP_G_DEBUG=${TW_APP_G_DEBUG//fatal-warnings/fatal-criticals}
unset G_DEBUG
# TAP leaves on fd 3; everything else the children print (the accessibility
# registry daemon writes to stdout) goes to stderr, where it cannot break TAP.
export TW_TAP_FD=3
# A hard limit above the script's own, in case the X server or bus hangs.
3>&1 1>&2 timeout --kill-after=10 430 "${on_display[@]}" /usr/bin/python3 "$script" "$@"
