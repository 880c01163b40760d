#!/bin/sh
# Aquifer head update at 2 threads, double and -DFLOAT builds (a build table the user assembled), and lscpu.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/aquifer.c" -o "$B/aquifer"
gcc -O2 -fopenmp -DFLOAT "$SRC/aquifer.c" -o "$B/aquifer_f32"
{ echo "build,threads,run,output"; for r in 1 2; do for b in aquifer aquifer_f32; do printf '%s,2,%s,' "$b" "$r"; (cd "$B" && OMP_NUM_THREADS=2 ./$b); done; done; } > "$OUT/builds.csv"
{ show lscpu; } > "$OUT/lscpu.txt"
snap
