#!/bin/sh
# Ball-tracking energy: the -O2 build and the -DSIMD build (omp simd reduction) timed twice each, then perf annotate
# of main (energy() is inlined there) in the -O2 build (hot instructions only).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pitchstats.c" -o "$B/pitchstats"
gcc -O2 -g -fopenmp-simd -DSIMD "$SRC/pitchstats.c" -o "$B/pitchstats_simd"
{ for b in pitchstats pitchstats pitchstats_simd pitchstats_simd; do show ptime ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./pitchstats
{ echo "\$ perf record -e cpu-clock ./pitchstats; perf annotate --stdio main  (lines above 0.5%)"; annothot main 0.5; } > "$OUT/annotate.txt"
snap
