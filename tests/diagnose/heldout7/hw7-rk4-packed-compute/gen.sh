#!/bin/sh
# RK4 for 512 oscillators in L1 built -O3 -march=native -mprefer-vector-width=512: printout, likwid-bench peakflops on one core, objdump and perf annotate of step.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native -mprefer-vector-width=512 -g "$SRC/rk4.c" -o "$B/rk"
"$B/rk" 400000 > "$OUT/rk4-output.txt"
for _ in 1 2 3; do likwid-bench -t "$(bench_kernel peakflops)_fma" -w S0:32kB:1; done > "$OUT/likwid-bench-peakflops.txt" 2>&1
F=$(nm "$B/rk" | awk '$3 == "step" {n = $3} $3 ~ /^step[.]/ {c = $3} END {print (c != "") ? c : n}')
if [ -z "$F" ]; then F=main; fi
disasm "$B/rk" "$F" > "$OUT/objdump-$F.txt"
(cd "$B" && rec p.data ./rk 400000 > /dev/null)
annot "$B/p.data" "$F" 80 > "$OUT/perf-annotate-$F.txt"
snap
