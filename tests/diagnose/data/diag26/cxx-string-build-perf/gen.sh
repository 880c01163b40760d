#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/strbuild" "$SRC/strbuild.cpp"
perf_rec "$B/strbuild"
perf report -i "$B/perf.data" --stdio --no-children --sort sym -g none 2>/dev/null > "$D/perf-report.txt"
