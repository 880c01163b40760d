#!/bin/sh
# A mixed folder as a user hands it over: two runs of the smoothing program (a small and a large
# grid), likwid-bench's triad on this machine (the bandwidth ceiling), perf annotate of the smoothing
# routine at n=2048, and the module file the compiler wrote next to the build (gzip, unreadable).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/tempfld.f90" -o "$B/tempfld"
{ show ./tempfld 256 240; show ./tempfld 2048 4; } > "$OUT/run.txt"
{ echo "\$ likwid-bench -t triad -w S0:256MB:1"; likwid-bench -t triad -w S0:256MB:1 2>&1; } | head -60 > "$OUT/likwid-bench-triad.txt"
rec p.data -- ./tempfld 2048 4
perf annotate -i "$B/p.data" --stdio -l __smoothmod_MOD_smooth 2> /dev/null | clean | head -90 > "$OUT/perf-annotate.txt"
head -c 16384 "$B/smoothmod.mod" > "$OUT/smoothmod.mod"
snap
