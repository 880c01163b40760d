#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/exc" "$SRC/exc.cpp"
perf_rec "$B/exc" 300000
perf report -i "$B/perf.data" --stdio --no-children --sort sym 2>/dev/null > "$D/perf-report.txt"
