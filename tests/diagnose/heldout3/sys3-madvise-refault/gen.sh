#!/bin/sh
# A 64 MiB scratch buffer released with MADV_DONTNEED after every step: printout (own rusage), perf stat, strace -c.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/refault.c" -o "$B/rf"
"$B/rf" > "$OUT/refault-output.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/rf" > /dev/null
strace -c -o "$OUT/strace-c.txt" "$B/rf" 64 20 > /dev/null
snap
