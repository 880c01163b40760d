#!/bin/sh
# A reader that opens its 32 MB input with O_DIRECT and reads 4 KiB blocks: printout, strace -c, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/odirect.c" -o "$B/od"
head -c 33554432 /dev/urandom > "$B/input.bin"
sync
"$B/od" "$B/input.bin" 1 4096 > "$OUT/reader-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/od" "$B/input.bin" 1 4096 > /dev/null
/usr/bin/time -v "$B/od" "$B/input.bin" 1 4096 > /dev/null 2> "$OUT/time-v.txt"
snap
