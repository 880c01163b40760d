#!/bin/sh
# C++ text checkpoint, one std::endl per particle line: strace -c -f -o and /usr/bin/time -v -o of
# the same kind of run, and the program's printout.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/ckptendl.cpp" -o "$B/ckptendl"
(cd "$B" && strace -c -f -o strace-c.txt ./ckptendl 200000 2 > /dev/null); cp "$B/strace-c.txt" "$OUT/strace-c.txt"
timev "$OUT/time-v.txt" ./ckptendl 200000 2 > "$OUT/run.txt"
ls -l "$B"/ckpt_*.txt | awk '{print $5, $9}' | sed "s|$B/||" > "$OUT/ls-ckpt.txt"
snap
