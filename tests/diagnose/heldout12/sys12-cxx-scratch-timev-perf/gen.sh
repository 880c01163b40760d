#!/bin/sh
# C++ smoothing whose step allocates a 48 MB std::vector each call: /usr/bin/time -v and perf report
# --sort dso,sym (user and kernel samples).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/scratch.cpp" -o "$B/scratch"
timev "$OUT/time-v.txt" ./scratch 6000000 20 > "$OUT/run.txt"
rec p.data -- ./scratch 6000000 20
prep --sort dso,sym --percent-limit 0.5 > "$OUT/perf-report-dso-sym.txt"
snap
