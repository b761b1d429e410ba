#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time and reports it as one TAP test.
#   run-fuzz.sh TARGET NAME SEED_DIR...
# TW_FUZZ_SECONDS (default 10) bounds the run. New inputs are kept in the build
# directory; a crash, leak or hang (-timeout) writes the input there and fails.
set -u
exe=$1; name=$2; shift 2
seconds=${TW_FUZZ_SECONDS:-10}
work=${TILEWRIGHT_BUILDDIR:-.}/fuzz/$name
mkdir -p "$work/corpus" "$work/artifacts"
log="$work/log.txt"
echo "1..1"
"$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
  -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" "$@" >"$log" 2>&1
status=$?
execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
if [ $status -eq 0 ]; then
  echo "ok 1 - fuzz $name: ${execs:-?} executions in ${seconds} s"
else
  echo "not ok 1 - fuzz $name: exit $status after ${execs:-?} executions; input in $work/artifacts"
  tail -40 "$log" | sed 's/^/# /'
fi
exit 0
