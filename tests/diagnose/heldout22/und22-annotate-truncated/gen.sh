#!/bin/sh
# What a user pasted: the first lines of perf annotate of their program's main (the paste was cut off by the
# ticket form before the loop), and a note. The program (an unsent build of canopy) ran at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/canopy.c" -o "$B/solver" -lm
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o p.data ./solver > /dev/null 2> /dev/null)
{ echo "\$ perf annotate --stdio main._omp_fn.0"; perf annotate -i "$B/p.data" --stdio main._omp_fn.0 2> /dev/null | clean | grep -v '^\s*$' | head -14; echo "[... rest of the output cut by the ticket form ...]"; } > "$OUT/perf-annotate-cut.txt"
echo "solver is slower than we hoped with 2 threads, annotate attached" > "$OUT/note.txt"
snap
