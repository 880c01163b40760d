#!/bin/sh
# Particle code with a serial cell-list rebuild (sort) and a parallel force loop per step: the phase
# totals at 1 and 2 threads (twice), and perf report --sort pid,dso,sym of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/phasebuild.cpp" -o "$B/phasebuild"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./phasebuild 400000 6"; (cd "$B" && OMP_NUM_THREADS=$t ./phasebuild 400000 6); done; } > "$OUT/run.txt" 2>&1
rec p.data -- env OMP_NUM_THREADS=2 ./phasebuild 400000 6
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
