#!/bin/sh
# C photon random walk reading ONE 8-byte opacity value per lookup from a 4 MB table file with pread:
# the program's line (1 M lookups), strace -w -c (syscall summary in wall-clock time) of a 200000-
# lookup run and /usr/bin/time -v of the 1 M-lookup run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tabread.c" -o "$B/tabread"
show ./tabread 1000000 > "$OUT/run.txt"
(cd "$B" && strace -w -c -o strace-wc.txt ./tabread 200000 > /dev/null)
{ echo "\$ strace -w -c -o strace-wc.txt ./tabread 200000"; cat "$B/strace-wc.txt"; } > "$OUT/strace-wc.txt"
timev time-v.txt ./tabread 1000000 > /dev/null
cp "$B/time-v.txt" "$OUT/time-v.txt"
snap
