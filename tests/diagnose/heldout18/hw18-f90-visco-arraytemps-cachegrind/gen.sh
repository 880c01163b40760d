#!/bin/sh
# Viscous damping passing rows u(i,:) of a column-major array: the run of a -fcheck=array-temps
# build (its runtime warnings counted with sort | uniq -c), perf annotate -l of MAIN__ at 2000x2000,
# and cachegrind line costs at 400x400.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/visco.f90" -o "$B/visco"
gfortran -O2 -g -J "$B" -fcheck=array-temps "$SRC/visco.f90" -o "$B/visco_chk"
{ echo "\$ ./visco_chk 2000 2000 10 2>&1 | sort | uniq -c"; (cd "$B" && ./visco_chk 2000 2000 10 2>&1) | clean | sort | uniq -c; } > "$OUT/array-temps-run.txt"
rec p.data -- ./visco 2000 2000 10
perf annotate -i "$B/p.data" --stdio -l MAIN__ 2> /dev/null | clean | head -80 > "$OUT/perf-annotate.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./visco 400 400 4 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -120 > "$OUT/cg_annotate.txt"
snap
