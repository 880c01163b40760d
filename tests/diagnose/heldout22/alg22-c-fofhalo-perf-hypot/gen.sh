#!/bin/sh
# Halo link counting at 8000 particles: the program's row, perf report by dso and symbol, and perf annotate
# -l of count_links.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/fofhalo.c" -o "$B/fofhalo" -lm
show ./fofhalo 8000 > "$OUT/run.txt"
rec p.data -- ./fofhalo 8000
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
{ echo "\$ perf annotate --stdio -l count_links"; annotl count_links 80; } > "$OUT/perf-annotate.txt"
snap
