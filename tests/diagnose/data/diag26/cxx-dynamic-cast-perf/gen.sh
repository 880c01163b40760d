#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/dyncast" "$SRC/dyncast.cpp"
perf_rec "$B/dyncast" 60
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null > "$D/perf-report.txt"
