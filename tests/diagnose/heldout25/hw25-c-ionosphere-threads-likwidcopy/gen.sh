#!/bin/sh
# Ionosphere electron density: the program's rows (threads, bytes per element, GB/s) for the double and the
# float builds at 1 and 2 threads, and likwid-bench copy on both cores in the same minute.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ionosphere.c" -o "$B/iono"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/ionosphere.c" -o "$B/iono_f32"
{ for b in iono iono_f32; do for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./$b"; (cd "$B" && OMP_NUM_THREADS=$t ./$b); done; done; } > "$OUT/runs.txt"
{ show likwid-bench -t copy -w S0:512MB:2; } 2>&1 | tail -25 > "$OUT/likwid_copy.txt"
snap
