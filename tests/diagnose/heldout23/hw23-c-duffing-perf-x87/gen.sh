#!/bin/sh
# Duffing oscillator ensemble, shipped build only: the run, perf report by symbol and perf annotate of main without its zero-sample instructions.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/duffing.c" -o "$B/duffing"
{ show ./duffing; } > "$OUT/run.txt"
rec p.data -- ./duffing
{ echo "\$ perf report --stdio --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio main | grep -v ' 0.00 :'"; perf annotate -i "$B/p.data" --stdio main 2> /dev/null | grep -v ' 0\.00 :' | clean | head -80; } > "$OUT/perf-annotate-main.txt"
snap
