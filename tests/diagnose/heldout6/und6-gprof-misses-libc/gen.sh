#!/bin/sh
# Only a gprof flat profile and call graph of the levelled-logger solver built with -pg, and its printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -fno-inline "$SRC/logdbg.c" -o "$B/lg" -lm
GPLINES=50 gprofrun "$B/lg" 2000000 "$B/solver.log" > "$OUT/gprof.txt"
(cd "$B" && ./lg 2000000 solver.log) > "$OUT/solver-output.txt"
snap
