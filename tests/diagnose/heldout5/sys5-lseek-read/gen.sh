#!/bin/sh
# Records read back with lseek+read per 24-byte record: printout, strace -c, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/recread.c" -o "$B/rr"
"$B/rr" 1000000 "$B/p1.bin" > "$OUT/recread-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/rr" 200000 "$B/p2.bin" > /dev/null
/usr/bin/time -v "$B/rr" 1000000 "$B/p3.bin" > /dev/null 2> "$OUT/time-v.txt"
snap
