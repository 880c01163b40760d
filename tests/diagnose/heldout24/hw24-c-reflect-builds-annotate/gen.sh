#!/bin/sh
# Radar reflectivity: rows of the shipped -O2 build and of -DSIMD -fopenmp-simd, then perf annotate --stdio2 of zsum
# in the shipped build (scalar mulss/addss chain).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/reflect.c" -o "$B/reflect"
gcc -O2 -g -fopenmp-simd -DSIMD "$SRC/reflect.c" -o "$B/reflect_simd"
{ for b in reflect reflect reflect_simd reflect_simd; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./reflect
{ echo "\$ perf record -e cpu-clock ./reflect; perf annotate --stdio2 zsum.constprop.0"; annot2 zsum.constprop.0 80; } > "$OUT/annotate.txt"
snap
