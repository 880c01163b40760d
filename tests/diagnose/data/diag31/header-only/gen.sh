#!/bin/bash
# perf report --header-only of a recording of the program: the machine and the recording, no
# samples (alone, nothing to decide)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/wavetab" "$SRC/wavetab.c" -lm
snap
cd "$B"
perf record -q -e cpu-clock -F 999 -o "$B/h.data" -- ./wavetab 20000 300 > /dev/null 2>&1
{ echo "\$ perf report --header-only"; perf report --header-only -i "$B/h.data" 2>/dev/null; } > "$D/perf-header.txt"
