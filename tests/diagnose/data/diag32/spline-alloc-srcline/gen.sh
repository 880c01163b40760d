#!/bin/bash
# the project's B-spline basis (tests/transform/data/scratch: two std::vectors and a new[] per point,
# one vector grown by push_back) on two OpenMP threads: perf report by symbol and by source line.
# The allocator holds about 40% of the run; libstdc++'s vector and new_allocator.h lines sampled
# beside it copy nothing (the block copies of the push_back growth are 1-4%)
. "$(dirname "$0")/../_lib.sh"
cp -r "$ROOT/tests/transform/data/scratch/." "$B/"
snap
cd "$B"
make -s spline N=60000 ROWS=2000 "CXXFLAGS=-O2 -g -fopenmp"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o "$B/perf.data" ./spline > /dev/null
perf report --stdio --no-children -i "$B/perf.data" > "$D/symbols.txt" 2>/dev/null
perf report --stdio --no-children --sort srcline --full-source-path -i "$B/perf.data" \
    > "$D/srcline.txt" 2>/dev/null
