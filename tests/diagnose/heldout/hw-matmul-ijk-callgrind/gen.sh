#!/bin/sh
# Naive ijk matmul: callgrind with cache simulation, perf report by source line, program GFLOP/s.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/matmul_ijk.c" -o "$B/mm"
(cd "$B" && valgrind --tool=callgrind --cache-sim=yes --dump-instr=no --callgrind-out-file=cg.out ./mm 200 > /dev/null 2> /dev/null)
cp "$B/cg.out" "$OUT/callgrind.out"
(cd "$B" && rec p.data ./mm 512 > "$OUT/matmul-output.txt" 2> /dev/null)
perf report -i "$B/p.data" --stdio --no-children --sort srcline 2> /dev/null > "$OUT/perf-report-srcline.txt"
snap
