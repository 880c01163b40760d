#!/bin/sh
# Calibration lookup by linear scan per event: table-size sweep printout, gprof -b (flat and call graph).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/lookup.c" -o "$B/lk"
(cd "$B" && for m in 1000 2000 4000 8000; do ./lk "$m" 100000; done) > "$OUT/sweep-output.txt"
(cd "$B" && ./lk 8000 200000 > /dev/null && gprof -b ./lk gmon.out > "$OUT/gprof.txt" 2> /dev/null)
snap
