#!/bin/sh
# A 2 MB file checksummed with one read() per byte: strace -c, /usr/bin/time -v, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/read1.c" -o "$B/r1"
head -c 2000000 /dev/urandom > "$B/input.bin"
strace -c -o "$OUT/strace-c.txt" "$B/r1" "$B/input.bin" > /dev/null
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/r1" "$B/input.bin" > "$OUT/read1-output.txt"
snap
