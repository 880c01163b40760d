#!/bin/sh
# Undecidable: a top -b snapshot taken while the 2-thread kinetics run was going on a quiet machine
# (no program output kept).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
(cd "$B" && OMP_NUM_THREADS=2 ./chemkin 40000 40 1 4 > /dev/null 2>&1) & P=$!
sleep 0.5
{ echo "\$ top -b -n 1"; topsnap 16; } > "$OUT/top.txt"
wait "$P"
snap
