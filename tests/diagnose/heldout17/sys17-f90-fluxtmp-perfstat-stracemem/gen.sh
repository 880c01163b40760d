#!/bin/sh
# The same Fortran flux step: perf stat with the page-fault software events, and strace -c restricted
# to the memory system calls (mmap/munmap/brk) of the same run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/fluxtmp.f90" -o "$B/fluxtmp"
{ echo "\$ perf stat -e task-clock,page-faults,minor-faults,major-faults ./fluxtmp 6000000 30"; (cd "$B" && perf stat -e task-clock,page-faults,minor-faults,major-faults ./fluxtmp 6000000 30 2>&1); } > "$OUT/perf-stat.txt"
(cd "$B" && strace -c -e trace=memory -o strace-mem.txt ./fluxtmp 6000000 30 > /dev/null)
{ echo "\$ strace -c -e trace=memory ./fluxtmp 6000000 30"; cat "$B/strace-mem.txt"; } > "$OUT/strace-c-memory.txt"
snap
