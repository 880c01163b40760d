#!/bin/sh
# 1-D Jacobi sweeps that memcpy the new field back into the old one every step (64 MB per field): printout, perf report, three likwid-bench copy runs on one core.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/copyback.c" -o "$B/cb"
"$B/cb" 8000000 20 > "$OUT/jacobi-output.txt"
(cd "$B" && rec p.data ./cb 8000000 20 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
for _ in 1 2 3; do likwid-bench -t "$(bench_kernel copy)" -w S0:512MB:1; done > "$OUT/likwid-bench-copy-1core.txt" 2>&1
snap
