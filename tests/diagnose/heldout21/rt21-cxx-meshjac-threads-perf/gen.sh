#!/bin/sh
# Finite-element setup and assembly: the program's phase lines at 1 and 2 threads (twice each) and a perf
# report by process/thread and symbol of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/meshjac.cpp" -o "$B/meshjac"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./meshjac"; (cd "$B" && OMP_NUM_THREADS=$t ./meshjac); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./meshjac
{ echo "\$ perf report --sort pid,sym"; prep --sort pid,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
