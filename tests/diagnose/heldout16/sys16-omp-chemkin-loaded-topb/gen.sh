#!/bin/sh
# The OpenMP kinetics code at 2 threads, three repeats on a quiet machine and three beside two
# stress-ng CPU hogs, with a top -b snapshot taken during the loaded repeats.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
show env OMP_NUM_THREADS=2 ./chemkin 20000 20 3 4 > "$OUT/run-quiet.txt"
load_on 2
(cd "$B" && OMP_NUM_THREADS=2 ./chemkin 20000 20 3 4 > "$B/loaded.out" 2>&1) & P=$!
sleep 0.4
{ echo "\$ top -b -n 1"; topsnap 16; } > "$OUT/top.txt"
wait "$P"
load_off
{ echo "\$ env OMP_NUM_THREADS=2 ./chemkin 20000 20 3 4"; cat "$B/loaded.out"; } > "$OUT/run-loaded.txt"
snap
