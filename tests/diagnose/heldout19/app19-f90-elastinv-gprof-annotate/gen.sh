#!/bin/sh
# Elastic strain update inverting the constant 6x6 stiffness matrix per cell: gprof -b of a -pg build
# (200000 cells x 10 steps) and perf annotate --stdio -l of invert6 from a normal build.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/elastinv.f90" -o "$B/elastinv"
gfortran -O2 -g -pg -J "$B" "$SRC/elastinv.f90" -o "$B/elastinv_pg"
{ show ./elastinv 200000 10; } > "$OUT/run.txt"
(cd "$B" && ./elastinv_pg 200000 10 > /dev/null)
{ echo "\$ gprof -b ./elastinv gmon.out   # run: ./elastinv 200000 10"; gprof -b "$B/elastinv_pg" "$B/gmon.out" 2>&1 | clean | head -50; } > "$OUT/gprof.txt"
rec p.data -- ./elastinv 200000 10
{ echo "\$ perf annotate --stdio -l __elast_MOD_invert6"; annotl __elast_MOD_invert6 90; } > "$OUT/perf-annotate.txt"
snap
