#!/bin/sh
# Real-tool fixtures of diag25 (run from this folder; gcc, gfortran, perf, strace, time).
set -e
B=$(mktemp -d)
# 1. OMP_THREAD_LIMIT below OMP_NUM_THREADS: OMP_DISPLAY_ENV=verbose and the printout
gcc -O2 -fopenmp teamcap.c -o "$B/teamcap" -lm
OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/teamcap" > threadlimit.log 2>&1
# 2. text input parsed by the language runtime: a gfortran list-directed READ (perf report by
#    dso,sym; strace -c) and a C fscanf loop over the same file (perf report, default sort)
gfortran -O2 -g txtin.f90 -o "$B/txtin"
gcc -O2 -g scanin.c -o "$B/scanin"
(cd "$B" && ./txtin write vals.txt)
(cd "$B" && perf record -q -e cpu-clock -o f.data ./txtin text vals.txt > /dev/null 2>&1)
perf report -i "$B/f.data" --stdio --no-children --sort dso,sym 2> /dev/null | head -40 > fortran-read-perf.txt
(cd "$B" && strace -c -o sc.txt ./txtin text vals.txt > /dev/null 2>&1); cp "$B/sc.txt" fortran-read-strace-c.txt
(cd "$B" && perf record -q -e cpu-clock -o c.data ./scanin vals.txt > /dev/null 2>&1)
perf report -i "$B/c.data" --stdio --no-children 2> /dev/null | head -40 > c-fscanf-perf.txt
(cd "$B" && strace -c -o sc2.txt ./scanin vals.txt > /dev/null 2>&1); cp "$B/sc2.txt" c-fscanf-strace-c.txt
rm -rf "$B"
