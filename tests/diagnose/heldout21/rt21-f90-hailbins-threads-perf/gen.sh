#!/bin/sh
# Hailstone spectrum binning: the program's lines at 1 and 2 threads (twice each), a perf report by
# dso and symbol of a 2-thread run, and perf report --children --sort srcline of a DWARF call-graph
# recording of a 2-thread run (5 M stones).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/hailbins.f90" -o "$B/hailbins"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./hailbins"; (cd "$B" && OMP_NUM_THREADS=$t ./hailbins); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./hailbins
{ echo "\$ perf report --sort dso,sym"; prep --sort dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
recg pg.data -- env OMP_NUM_THREADS=2 ./hailbins 5000000
{ echo "\$ perf report --children --sort srcline -g none"; srcchildren pg.data 3; } > "$OUT/perf-srcline-children.txt"
snap
