#!/bin/sh
# Regenerates the program-printout fixtures: small programs printing their own metrics in
# different styles (C printf, C++ iostream, Fortran formats, MPI per-rank, OpenMP per-thread,
# Python logging/JSON) and look-alikes that hold numbers but no metric. Run from this directory.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
gcc -O2 src/dotleader.c -o "$B/dl" && "$B/dl" > dotleader.txt
g++ -O2 src/iostream.cpp -o "$B/io" && "$B/io" > iostream.txt
gfortran -O1 src/fwrite.f90 -o "$B/fw" && "$B/fw" > fortran-iter.txt
mpicc -O1 src/mpiranks.c -o "$B/mr" && mpirun -np 2 --oversubscribe "$B/mr" > mpi-ranks.txt
python3 src/pylog.py > python-log.txt
gcc -O2 src/elapsed.c -o "$B/el" && "$B/el" > elapsed-mc.txt
gcc -O1 src/tablehdr.c -o "$B/th" && "$B/th" > timer-table.txt
gcc -O1 src/repeats.c -o "$B/rp" && "$B/rp" > repeats.txt
gcc -O1 -fopenmp src/omp_threads.c -o "$B/ot" && OMP_NUM_THREADS=2 "$B/ot" > omp-threads.txt
gcc -O1 src/counters.c -o "$B/ct" && "$B/ct" > counters.txt
gcc --version | head -1 > lookalike-version.txt
date -u '+%Y-%m-%d %H:%M:%S' > lookalike-date.txt
ls -la /usr/lib/x86_64-linux-gnu | head -6 > lookalike-listing.txt
{ echo "segfault at 0x7ffd5a3c1e80 ip 0x000055d0c2a1b2c4"; gcc --version | head -1; date -u; } > lookalike-mixed.txt
