#!/bin/sh
# Real outputs for tests/diagnose/test_diag23_forms.py: one run, each printed shape in its own
# file (the program prints five shapes of the same two busy times).
set -eu
D=$(cd "$(dirname "$0")" && pwd)
gcc -O2 -fopenmp -o /tmp/imbforms "$D/imbforms.c" -lm
/tmp/imbforms > "$D/all.txt"
wall=$(grep '^wall' "$D/all.txt")
grep '^thread times' "$D/all.txt" > "$D/list.txt"; echo "$wall" >> "$D/list.txt"
grep '^busy per thread' "$D/all.txt" > "$D/array.txt"; echo "$wall" >> "$D/array.txt"
grep '^\[t' "$D/all.txt" > "$D/bracket.txt"; echo "$wall" >> "$D/bracket.txt"
grep '^Thread' "$D/all.txt" > "$D/prose.txt"; echo "$wall" >> "$D/prose.txt"
rm -f /tmp/imbforms
# "<n> thread(s): <t> sec" sweep lines, one run per thread count, in one file
gcc -O2 -fopenmp -o /tmp/sweepforms "$D/sweepforms.c" -lm
for t in 1 2; do OMP_NUM_THREADS=$t /tmp/sweepforms; done > "$D/sweep-count-first.txt"
# "sent N messages of B bytes in T s"
mpicc -O2 -o /tmp/msgforms "$D/msgforms.c"
mpirun --allow-run-as-root --oversubscribe -np 2 /tmp/msgforms > "$D/messages.txt" 2>&1
rm -f /tmp/sweepforms /tmp/msgforms
# "P<r> comp=..s comm=..s" (stdout) and "rank r spent x% of its time in MPI" (stderr), one run
mpicc -O2 -o /tmp/rankforms "$D/rankforms.c" -lm
mpirun --allow-run-as-root --oversubscribe -np 2 /tmp/rankforms > "$D/ranks-p.txt" 2> "$D/ranks-share.txt"
rm -f /tmp/rankforms
# Fortran list-directed phase lines (stdout) and "init: 1.2s (serial)" marks (stderr), one run
gfortran -O2 -fopenmp -o /tmp/phases "$D/phases.f90"
OMP_NUM_THREADS=2 /tmp/phases > "$D/phases-listdirected.txt" 2> "$D/phases-marked.txt"
rm -f /tmp/phases
