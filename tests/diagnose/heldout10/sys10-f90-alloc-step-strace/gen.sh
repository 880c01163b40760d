#!/bin/sh
# The same program: strace of its memory system calls (as a user traces them) and its printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/allocstep.f90" -o "$B/allocstep"
(cd "$B" && strace -e trace=memory -o mem.trace ./allocstep 20) > "$OUT/run.txt" 2>&1
grep -v -e 'PROT_READ|PROT_EXEC' -e 'PROT_NONE' "$B/mem.trace" | tail -50 > "$OUT/strace-memory.txt"
snap
