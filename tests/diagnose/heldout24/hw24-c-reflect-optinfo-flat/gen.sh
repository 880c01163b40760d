#!/bin/sh
# Radar reflectivity: the build log with -fopt-info-vec-all (what gcc said about each loop), one run, and a flat perf
# report (zsum alone at the top).
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ gcc -O2 -g -fopt-info-vec-all reflect.c -o reflect"; gcc -O2 -g -fopt-info-vec-all "$SRC/reflect.c" -o "$B/reflect" 2>&1 | clean | head -40; } > "$OUT/build.log"
show ./reflect > "$OUT/run.txt"
rec p.data -- ./reflect
{ echo "\$ perf report --sort sym"; prep --sort sym | clean | grep -v '^$' | head -30; } > "$OUT/perf-report.txt"
snap
