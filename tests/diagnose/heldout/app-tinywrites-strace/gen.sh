#!/bin/sh
# One-byte write() per value: strace -c, perf stat, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/tinywrites.c" -o "$B/tw"
(cd "$B" && strace -c -o "$OUT/strace-c.txt" ./tw 400000 out.bin > "$OUT/tinywrites-output.txt")
(cd "$B" && perf stat -e "$SW" -o "$OUT/perf-stat.txt" ./tw 400000 out.bin > /dev/null)
snap
