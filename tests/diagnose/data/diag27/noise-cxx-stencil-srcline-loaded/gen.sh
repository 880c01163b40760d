#!/bin/bash
# a C++ stencil profiled with perf (srcline report) while two CPU hogs run beside it
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/stencil" "$SRC/stencil.cpp"
load_on; snap
perf_rec "$B/stencil" 60
load_off
perf report -i "$B/perf.data" --stdio --no-children --sort srcline -g none 2>/dev/null | head -60 > "$D/perf-report-srcline.txt"
