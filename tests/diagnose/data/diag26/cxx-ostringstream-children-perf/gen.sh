#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/ostr" "$SRC/ostr.cpp"
perf_rec "$B/ostr" 400000
perf report -i "$B/perf.data" --stdio --children --sort sym -g none 2>/dev/null | head -70 > "$D/perf-report-children.txt"
