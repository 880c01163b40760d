#!/bin/sh
# Real-tool fixtures of diag25 (run from this folder; gcc, gfortran, perf, strace, time).
set -e
B=$(mktemp -d)
# 1. OMP_THREAD_LIMIT below OMP_NUM_THREADS: OMP_DISPLAY_ENV=verbose and the printout
gcc -O2 -fopenmp teamcap.c -o "$B/teamcap" -lm
OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose "$B/teamcap" > threadlimit.log 2>&1
