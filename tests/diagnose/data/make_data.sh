#!/bin/sh
# Regenerates the real tool outputs under tests/diagnose/data/ by running real programs on this
# machine (2 vCPU KVM guest, no hardware counters). Run from this directory: sh make_data.sh
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
gcc -O2 -fopenmp src/triad.c -o "$B/triad"
gcc -O2 -g src/strided.c -o "$B/strided"
gcc -O2 -g -fopenmp src/sweep.c -o "$B/sweep"
# STREAM-style run under perf stat (software events work here; hardware ones print <not supported>)
OMP_NUM_THREADS=2 perf stat -o perf-stat-triad.txt \
  -e task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,cache-references,cache-misses \
  "$B/triad" > stream-triad-2t.txt
# same run with threads bound (close) for comparison
OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores perf stat -o perf-stat-triad-bound.txt \
  -e task-clock,context-switches,cpu-migrations,page-faults "$B/triad" > stream-triad-2t-bound.txt
# oversubscribed: 8 threads on 2 CPUs
OMP_NUM_THREADS=8 perf stat -o perf-stat-triad-8t.txt \
  -e task-clock,context-switches,cpu-migrations,page-faults "$B/triad" > stream-triad-8t.txt
# cache simulation of a column-order traversal
(cd "$B" && valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./strided) \
  2> cachegrind-strided.log >/dev/null
cg_annotate "$B/cg.out" > cg_annotate-strided.txt
# compiler remarks of loops gcc cannot vectorize
gcc -O3 -march=native -fopt-info-vec-all -c src/gather.c -o "$B/gather.o" 2> gcc-remarks-gather.txt
# thread sweep of a code with a serial part (time -v per point)
for t in 1 2 4; do
  /usr/bin/time -v -o time-v-sweep-$t.txt env OMP_NUM_THREADS=$t "$B/sweep" > /dev/null
done
# two MPI ranks: rank 0 parses its input first (the largest single function), then both run an
# imbalanced loop closed by MPI_Allreduce; the waiting rank polls Open MPI's progress engine.
# A flat perf report by shared object and symbol: parsing heads the list, MPI waits take more
# of the total spread over many library rows.
mpicc -O2 -g -fno-omit-frame-pointer src/parse_then_wait.c -o "$B/ptw"
(cd "$B" && perf record -e cpu-clock -F 999 -o ptw.data -- mpirun -np 2 ./ptw > /dev/null 2>&1)
perf report -i "$B/ptw.data" --stdio -F overhead,comm,dso,sym 2> /dev/null > perf-report-parse-then-mpi-wait.txt
