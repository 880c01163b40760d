#!/bin/sh
# 64 MB malloc/memset/free per iteration: perf stat page faults, strace -c mmap/munmap, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/pagefault.c" -o "$B/pf"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/pf" 60 > "$OUT/pagefault-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/pf" 20 > /dev/null
snap
