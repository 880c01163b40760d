#!/bin/sh
# Two-thread array copy (GB/s printout), three likwid-bench copy runs right after, perf record; a user's note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/copy_omp.c" -o "$B/cp"
OMP_NUM_THREADS=2 "$B/cp" > "$OUT/copy-output.txt"
bench3 copy > "$OUT/likwid-bench-copy.txt" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./cp > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cat > "$OUT/README.txt" << 'NOTE'
Notes for whoever looks at this: the copy step is the part of our pipeline that moves the
staged frame into the output buffer. We run it with two OpenMP threads on the node. It feels
slow to us compared with the rest. The files next to this note are what we collected.
NOTE
snap
