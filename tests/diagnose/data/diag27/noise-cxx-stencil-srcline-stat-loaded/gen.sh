#!/bin/bash
# the C++ stencil: perf stat and a perf srcline report, two CPU hogs beside it
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/stencil" "$SRC/stencil.cpp"
load_on; snap
perf stat -e task-clock,cpu-clock,context-switches,cpu-migrations,page-faults -o "$D/perf-stat.txt" -- "$B/stencil" 60 > /dev/null
perf_rec "$B/stencil" 60
load_off
perf report -i "$B/perf.data" --stdio --no-children --sort srcline -g none 2>/dev/null | head -60 > "$D/perf-report-srcline.txt"
