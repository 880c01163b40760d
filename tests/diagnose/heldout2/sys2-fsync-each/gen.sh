#!/bin/sh
# A 4 KB write plus fsync per step on the work disk: strace -c, time -v, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/syncwrite.c" -o "$B/sy"
D=$(mktemp -d -p "$HERE")
strace -c -o "$OUT/strace-c.txt" "$B/sy" "$D/a.bin" 1000 > /dev/null
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/sy" "$D/b.bin" 1000 > "$OUT/syncwrite-output.txt"
rm -rf "$D"
snap
