#!/bin/sh
# Matrix-free CG (2 threads, 3 runs, GB/s printout), gcc vectorizer remarks, three likwid-bench triad runs, perf report; a user's note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp -fopt-info-vec-all "$SRC/cgfree.c" -o "$B/cg" 2> "$OUT/gcc-vec-remarks.txt"
OMP_NUM_THREADS=2 "$B/cg" 2048 40 3 > "$OUT/cg-output.txt"
bench3 triad > "$OUT/likwid-bench-triad.txt" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./cg 2048 20 1 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cat > "$OUT/NOTES.txt" << 'NOTE'
Pressure solve of our flow code, cut down to the CG loop. We were told the stencil loop
does not vectorize and hoped that is why it is slow. Ran on the two cores we have.
NOTE
snap
