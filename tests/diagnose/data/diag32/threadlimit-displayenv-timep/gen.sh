#!/bin/bash
# an OpenMP program asked for 2 threads under OMP_THREAD_LIMIT=1 (as a site profile sets it):
# OMP_DISPLAY_ENV=true beside its printout, and the shell's time -p of the same run
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -fopenmp -o "$B/capteam" "$SRC/capteam.c"
snap
cd "$B"
export OMP_NUM_THREADS=2 OMP_THREAD_LIMIT=1
{ echo "\$ OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./capteam 2000000 200"; OMP_DISPLAY_ENV=true ./capteam 2000000 200 2>&1; } > "$D/run.txt"
{ echo "\$ time -p ./capteam 2000000 200"; bash -c 'time -p ./capteam 2000000 200' 2>&1; } > "$D/time-p.txt"
