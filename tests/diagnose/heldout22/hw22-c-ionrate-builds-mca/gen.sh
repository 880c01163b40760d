#!/bin/sh
# Ionization rates on an L1-resident block: build rows at -O2, -O3 and -O3 -march=native (two runs each),
# llvm-mca's analysis of ion_rates as gcc -O2 emits it (gcc -S), and perf annotate -l of ion_rates (-O2).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/ionrate.c" -o "$B/ion_o2"
gcc -O3 -g -DFLAGS='"-O3"' "$SRC/ionrate.c" -o "$B/ion_o3"
gcc -O3 -march=native -g -DFLAGS='"-O3 -march=native"' "$SRC/ionrate.c" -o "$B/ion_native"
{ for p in ion_o2 ion_o2 ion_o3 ion_o3 ion_native ion_native; do show ./$p 1003 400000; done; } > "$OUT/builds.txt"
gcc -O2 -S "$SRC/ionrate.c" -o "$B/ionrate.s"
awk '/^ion_rates:/ {p = 1} p {print} p && /\.cfi_endproc/ {exit}' "$B/ionrate.s" > "$B/ion_rates.s"
{ echo "\$ gcc -O2 -S ionrate.c; llvm-mca -mcpu=x86-64 ion_rates.s"; mca "$B/ion_rates.s" 80; } > "$OUT/llvm-mca.txt"
rec p.data -- ./ion_o2 1003 400000
{ echo "\$ perf annotate --stdio -l ion_rates"; annotl ion_rates 70; } > "$OUT/perf-annotate.txt"
snap
