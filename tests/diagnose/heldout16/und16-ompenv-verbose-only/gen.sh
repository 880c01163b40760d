#!/bin/sh
# Undecidable: the OMP_DISPLAY_ENV=verbose block the runtime printed at start-up of the 2-thread
# kinetics run (the program's own output not kept).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
{ echo "\$ OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./chemkin 20000 20 1 4 > /dev/null"
  (cd "$B" && OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=2 ./chemkin 20000 20 1 4 2>&1 > /dev/null); } > "$OUT/ompenv.txt"
snap
