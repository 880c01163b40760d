#!/bin/sh
# 400k 24-byte write(2) calls: strace -c, perf stat, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/records.c" -o "$B/rc"
strace -c -o "$OUT/strace-c.txt" "$B/rc" "$B/r1.bin" 200000 > /dev/null
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/rc" "$B/r2.bin" 400000 > "$OUT/records-output.txt"
snap
