#!/bin/sh
# Ionization rates, the shipped -O2 build: gcc's -fopt-info-vec-missed for the file, the program's row, and
# perf annotate --stdio2 (source beside assembly) of ion_rates.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopt-info-vec-missed "$SRC/ionrate.c" -o "$B/ionrate" 2>&1 | clean > "$OUT/optinfo.txt"
show ./ionrate 1003 400000 > "$OUT/run.txt"
rec p.data -- ./ionrate 1003 400000
{ echo "\$ perf annotate --stdio2 ion_rates"; annot2 ion_rates 90; } > "$OUT/perf-annotate2.txt"
snap
