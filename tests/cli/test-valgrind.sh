#!/usr/bin/env bash
# Valgrind memcheck over `tilewright-cli simulate` for every bundled game.
#
#   test-valgrind.sh PATH/TO/tilewright-cli   (TAP on stdout)
#
# Each game plays 3 random-bot games at its largest player count on one
# thread, and once more on two threads. Any memory error fails, and so does a
# definite leak; "still reachable" blocks (GLib's one-time allocations: type
# system, quarks, thread pool) and "possibly lost" ones do not.
#
# Skipped when valgrind is not installed, and for a binary built with
# AddressSanitizer (the sanitizer build), which valgrind cannot run.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

cli=$1
srcdir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
datadir=${TILEWRIGHT_DATADIR:-$srcdir/data}
games=("$datadir"/games/*.yaml)

if ! command -v valgrind >/dev/null 2>&1; then
  echo "1..0 # SKIP valgrind is not installed"
  exit 0
fi
if grep -qa __asan_init "$cli"; then
  echo "1..0 # SKIP $cli is built with AddressSanitizer"
  exit 0
fi

logdir=$(mktemp -d "${TMPDIR:-/tmp}/tw-valgrind-XXXXXX")
trap 'rm -rf "$logdir"' EXIT

# GLib's own debugging aids get in valgrind's way; memory comes from malloc.
export G_SLICE=always-malloc G_DEBUG=gc-friendly LC_ALL=C

echo "1..$(( ${#games[@]} + 1 ))"
n=0
status=0

# check NAME JOBS DEFINITION
check () {
  local name=$1 jobs=$2 def=$3 players log rc start
  players=$(sed -n 's/^ *players: *{ *min: *[0-9]*, *max: *\([0-9]*\) *}.*/\1/p' "$def" | head -n 1)
  players=${players:-2}
  n=$((n + 1))
  log="$logdir/$name-jobs$jobs.log"
  start=$SECONDS
  valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
    --log-file="$log" \
    "$cli" simulate "$def" --games 3 --players "$players" --bots random --jobs "$jobs" \
    >/dev/null 2>"$log.stderr"
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "ok $n - $name, $players players, --jobs $jobs: no memory error, no definite leak" \
         "($((SECONDS - start)) s)"
  else
    echo "not ok $n - $name, $players players, --jobs $jobs: exit status $rc"
    sed 's/^/# /' "$log" "$log.stderr" | tail -n 80
    status=1
  fi
}

for def in "${games[@]}"; do
  check "$(basename "$def" .yaml)" 1 "$def"
done
check "$(basename "${games[0]}" .yaml)" 2 "${games[0]}"

exit $status
