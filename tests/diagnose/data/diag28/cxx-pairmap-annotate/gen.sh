#!/bin/bash
# perf record of the grid program; report by symbol and annotate -l of main
. "$(dirname "$0")/../_lib.sh"
g++ -O3 -g -o "$B/pairmap" "$SRC/pairmap.cpp"
snap
cd "$B"
perf record -q -e cpu-clock -o perf.data ./pairmap 400 6 > "$D/run.txt" 2>&1
perf report -i perf.data --stdio --sort sym > "$D/perf-report-sym.txt" 2>/dev/null
perf annotate -i perf.data --stdio -l main > "$D/perf-annotate-main.txt" 2>/dev/null
