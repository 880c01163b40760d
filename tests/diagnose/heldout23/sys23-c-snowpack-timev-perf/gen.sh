#!/bin/sh
# Snowpack settling (a 160 MB scratch buffer allocated and freed every step): /usr/bin/time -v of a run, and
# perf report --sort dso,sym of another (kernel symbols included).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/snowpack.c" -o "$B/snowpack"
{ echo "\$ /usr/bin/time -v ./snowpack"; (cd "$B" && /usr/bin/time -v ./snowpack 2>&1); } > "$OUT/time-v.txt"
rec p.data -- ./snowpack
{ echo "\$ perf record ./snowpack; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
