#!/bin/sh
# The Boltzmann-sampling program, a folder as handed over: the printout of an atom-count sweep,
# perf annotate -l of main (sample_level is inlined there) from one run, and the gmon.out of a -pg build (binary, no listing).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/boltz.c" -o "$B/boltz" -lm
gcc -O2 -g -pg "$SRC/boltz.c" -o "$B/boltz_pg" -lm
for n in 50000 100000 200000; do show ./boltz $n 10; done > "$OUT/sweep.txt"
rec p.data -- ./boltz 150000 10
{ echo "\$ perf annotate --stdio -l -s main"; perf annotate -i "$B/p.data" --stdio -l -s main 2> /dev/null | clean | head -90; } > "$OUT/perf-annotate.txt"
(cd "$B" && ./boltz_pg 100000 10 > /dev/null)
cp "$B/gmon.out" "$OUT/gmon.out"
snap
