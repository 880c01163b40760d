#!/bin/sh
# A mixed folder as a user hands it over: the printout of a small and a large run, perf report by
# symbol of the large run, likwid-bench's copy kernel on this machine, and the gprof gmon.out of a
# profiling build (binary, unreadable without the executable).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/porosity.c" -o "$B/porosity"
gcc -O2 -g -pg "$SRC/porosity.c" -o "$B/porosity_pg"
{ show ./porosity 48 300 h; show ./porosity 224 3; } > "$OUT/printout.txt"
rec p.data -- ./porosity 224 3
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
{ echo "\$ likwid-bench -t copy -w S0:256MB:1"; likwid-bench -t copy -w S0:256MB:1 2>&1; } | head -60 > "$OUT/likwid-bench-copy.txt"
(cd "$B" && ./porosity_pg 96 4 > /dev/null) && cp "$B/gmon.out" "$OUT/gmon.out"
snap
