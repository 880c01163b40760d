#!/bin/sh
# Band-weighted albedo (a strict double reduction of 256 terms per point, in cache): the compiler's
# -fopt-info-vec-all lines for the reduction at -O3 -march=native, the program's line as built, and
# perf annotate --stdio2 of band_sum from a run of the same build.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -g -fno-inline -fopt-info-vec-all "$SRC/albedo.c" -o "$B/albedo" 2> "$B/optinfo.txt"
{ echo "\$ gcc -O3 -march=native -g -fno-inline -fopt-info-vec-all albedo.c -o albedo 2>&1 | grep 'albedo.c:1[0-3]'"; grep 'albedo.c:1[0-3]:' "$B/optinfo.txt" | clean; } > "$OUT/opt-info.txt"
show ./albedo 64 40000 > "$OUT/run.txt"
rec p.data -- ./albedo 64 40000
annot2 band_sum 120 > "$OUT/perf-annotate-stdio2.txt"
snap
