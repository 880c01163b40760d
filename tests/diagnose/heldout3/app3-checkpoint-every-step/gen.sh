#!/bin/sh
# A 32 MiB state written (1 MiB writes + fsync) after every cheap step: phase printout, strace -c, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/ckpt.c" -o "$B/ck"
D=$(mktemp -d -p "$HERE")
"$B/ck" "$D/state.bin" 20 1 > "$OUT/ckpt-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ck" "$D/state.bin" 20 1 > /dev/null
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/ck" "$D/state.bin" 20 1 > /dev/null
rm -rf "$D"
snap
