#!/bin/sh
# C++ smoothing whose step allocates a 48 MB std::vector each call: perf stat with the software
# events (task-clock, page-faults), strace -c, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/scratch.cpp" -o "$B/scratch"
(cd "$B" && perf stat -e task-clock,page-faults,minor-faults,major-faults,context-switches -o perf-stat.txt ./scratch 6000000 20) > "$OUT/run.txt"
cp "$B/perf-stat.txt" "$OUT/perf-stat.txt"
(cd "$B" && strace -c -o strace-c.txt ./scratch 6000000 20 > /dev/null); cp "$B/strace-c.txt" "$OUT/strace-c.txt"
snap
