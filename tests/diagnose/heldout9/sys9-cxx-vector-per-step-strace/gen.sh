#!/bin/sh
# The same C++ program: strace -c and /usr/bin/time -v, as a user hands them over.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vtemp.cpp" -o "$B/vt"
(cd "$B" && strace -c -o "$OUT/strace-c.txt" ./vt 6000000 40 > /dev/null)
(cd "$B" && /usr/bin/time -v ./vt 6000000 40) > "$OUT/time-v.txt" 2>&1
snap
