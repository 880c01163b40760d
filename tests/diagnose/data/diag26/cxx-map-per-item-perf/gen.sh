#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/mapchurn" "$SRC/mapchurn.cpp"
perf_rec "$B/mapchurn" 300000
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym 2>/dev/null | head -60 > "$D/perf-report.txt"
