#!/bin/sh
# C z-derivative of a 3-D field with the k (slowest-index) loop innermost: /usr/bin/time of a size
# sweep at ~20 M point updates per size, saved as CSV; callgrind with the cache simulator and
# --dump-instr=yes, annotated by callgrind_annotate --auto=yes.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gradz.c" -o "$B/gradz"
echo "n,reps,points,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/size-sweep.csv"
for n in 32 64 128 192; do
  reps=$(awk -v n=$n 'BEGIN {r = int(20e6 / (n * n * n)); if (r < 1) r = 1; print r}')
  csvtime "$OUT/size-sweep.csv" "$n,$reps,$((reps * n * n * n))" ./gradz $n 20
done
(cd "$B" && valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes --callgrind-out-file=cg.out ./gradz 64 1 > /dev/null 2>&1)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150 > "$OUT/callgrind-annotate.txt"
snap
