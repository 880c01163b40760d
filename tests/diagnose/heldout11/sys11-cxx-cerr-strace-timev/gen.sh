#!/bin/sh
# C++ particle push with per-particle progress on std::cerr (saved to a file): strace -c and /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 "$SRC/progress.cpp" -o "$B/push"
timev "$OUT/time-v.txt" ./push 20000 10 > "$OUT/run.txt" 2> "$B/push.err"
(cd "$B" && strace -c -f -o strace-c.txt ./push 2000 10 > /dev/null 2> push.err) ; cp "$B/strace-c.txt" "$OUT/strace-c.txt"
tail -3 "$B/push.err" > "$OUT/push.err.tail"
snap
