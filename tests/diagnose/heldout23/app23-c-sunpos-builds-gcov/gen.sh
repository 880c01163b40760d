#!/bin/sh
# Solar-farm irradiance: build rows of the shipped build and of -DHOIST (sun position once per time step), two
# runs each; perf report --sort dso,sym of the shipped build; gcov line counts of the time/panel loops.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/sunpos.c" -o "$B/sunpos" -lm
gcc -O2 -g -DHOIST "$SRC/sunpos.c" -o "$B/sunpos_hoist" -lm
{ for b in sunpos sunpos sunpos_hoist sunpos_hoist; do show ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./sunpos
{ echo "\$ perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
cp "$SRC/sunpos.c" "$B/sunpos.c"
(cd "$B" && gcc -O0 --coverage -c sunpos.c && gcc --coverage sunpos.o -o sunpos_cov -lm && ./sunpos_cov 5256 > /dev/null)
{ echo "\$ gcc -O0 --coverage -c sunpos.c; gcc --coverage sunpos.o -o sunpos_cov -lm; ./sunpos_cov 5256; gcov sunpos.c   (lines 13-32 of sunpos.c.gcov)"; gcovtxt sunpos.c 13 32; } > "$OUT/gcov-lines.txt"
snap
