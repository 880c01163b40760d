#!/bin/sh
# C++ trajectory trace written with std::endl per line: perf report (with kernel) and strace -c.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/tracelog.cpp" -o "$B/tl"
(cd "$B" && rec p.data ./tl 2000 100 "$B/trace.txt" > /dev/null)
report "$B/p.data" 40 > "$OUT/perf-report.txt"
strace -c -o "$OUT/strace-c.txt" "$B/tl" 2000 100 "$B/trace.txt" > /dev/null
snap
