#!/bin/sh
# Block spectral filter allocating and freeing a 64 MB buffer per block: the program's line, /usr/bin/time -v
# of the run, and strace -c -e trace=memory of the same run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/specbuf.c" -o "$B/specbuf"
{ echo "\$ /usr/bin/time -v ./specbuf 20"; timev "$B/timev.txt" ./specbuf 20; } > "$OUT/run.txt" 2>&1
cat "$B/timev.txt" > "$OUT/time-v.txt"
{ echo "\$ strace -c -e trace=memory ./specbuf 20"; (cd "$B" && strace -c -e trace=memory ./specbuf 20) 2>&1; } > "$OUT/strace-c.txt"
snap
