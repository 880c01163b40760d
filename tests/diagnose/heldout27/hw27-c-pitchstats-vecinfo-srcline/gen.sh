#!/bin/sh
# Ball-tracking energy: the build with gcc's vectorizer report (-fopt-info-vec-all), then perf report -F overhead,sym,srcline.
. "$(dirname "$0")/../_lib.sh"
vecinfo pitchstats.c -O2 -g -fopt-info-vec-all "$SRC/pitchstats.c" -o "$B/pitchstats" > "$OUT/build-vecinfo.txt"
rec p.data -- ./pitchstats
{ show ./pitchstats; echo "\$ perf record -e cpu-clock ./pitchstats; perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-srcline.txt"
snap
