#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/powcube" "$SRC/powcube.c" -lm
perf_rec "$B/powcube" 30
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g caller 2>/dev/null | head -80 > "$D/perf-report.txt"
