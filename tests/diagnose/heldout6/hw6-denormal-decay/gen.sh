#!/bin/sh
# Damped relaxation whose field decays towards zero: the program's progress printout (elapsed time and a field value every 1/8 of the run), perf stat, perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/decay.c" -o "$B/dc"
"$B/dc" 4096 10000 > "$OUT/decay-output.txt"
perf stat -e "$SW" "$B/dc" 4096 10000 > /dev/null 2> "$OUT/perf-stat.txt"
(cd "$B" && rec p.data ./dc 4096 10000 > /dev/null)
annot "$B/p.data" main 60 > "$OUT/perf-annotate-main.txt"
snap
