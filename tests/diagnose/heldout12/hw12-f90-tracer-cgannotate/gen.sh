#!/bin/sh
# Fortran tracer advection (i outer, j inner on column-major arrays): cg_annotate --auto=yes of a
# cachegrind run at n=600 and perf annotate -l of MAIN__ at n=2000.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/tracer.f90" -o "$B/tracer"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./tracer 600 2) > "$OUT/cachegrind-run.txt" 2>&1
(cd "$B" && cg_annotate --auto=yes cg.out) > "$OUT/cg-annotate.txt" 2>&1
rec p.data -- ./tracer 2000 2
(cd "$B" && perf annotate -i p.data --stdio -l MAIN__ 2> /dev/null) | head -150 > "$OUT/perf-annotate-MAIN.txt"
snap
