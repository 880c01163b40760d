#!/bin/sh
# C++ trajectory trace written with std::endl per line: printout and strace -c.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/tracelog.cpp" -o "$B/tl"
show "$B/tl" 2000 100 "$B/trace.txt" > "$OUT/tracelog-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/tl" 2000 100 "$B/trace.txt" > /dev/null
snap
