#!/bin/sh
# Regenerates the fixtures of tests/advise/test_hot_line_library.py with the real tools
# (cxxfn.cpp and triwork.c: see their comments):
# sumsq.cpp spends most of its time in std::fill's loop, inlined from <algorithm> (charged to
# /usr/include/c++/*/bits/stl_algobase.h), and the rest in its own loop (lines 15-16).
# Run from this folder; needs gcc, g++ with OpenMP, perf, valgrind.
set -eu
B=$(mktemp -d)
g++ -O1 -g -o "$B/sumsq" sumsq.cpp
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./sumsq 4000 200 > /dev/null 2>&1)
# per-line costs of every annotated file (the header's and the program's)
callgrind_annotate --auto=yes "$B/cg.out" 2> /dev/null > callgrind-annotate.txt
# only the header annotated: the line-level data holds no line of the program
H=$(echo '#include <algorithm>' | g++ -x c++ -E - \
    | sed -n 's|^# [0-9]* "\(/[^"]*/stl_algobase.h\)".*|\1|p' | head -1)
callgrind_annotate --auto=no "$B/cg.out" "$H" 2> /dev/null > callgrind-annotate-header-only.txt
(cd "$B" && perf record -q -e cpu-clock -o p.data ./sumsq 4000 40000 > /dev/null 2>&1)
# perf report by source line prints the header's base name only (stl_algobase.h:921)
perf report -i "$B/p.data" --stdio --sort srcline 2> /dev/null | head -30 > perf-report-srcline.txt
perf report -i "$B/p.data" --stdio --sort sym,srcline 2> /dev/null | head -30 \
    > perf-report-sym-srcline.txt
# perf annotate of main: the header's inlined line is named stl_algobase.h:921 in main
perf annotate -i "$B/p.data" --stdio -l main 2> /dev/null | head -80 > perf-annotate-main.txt
# the same samples by function only: no line-level data
perf report -i "$B/p.data" --stdio --sort dso,sym 2> /dev/null | head -30 > perf-report-sym.txt
# by symbol alone: perf marks the kernel's rows [k] and names no shared object
perf report -i "$B/p.data" --stdio --sort sym 2> /dev/null | head -30 > perf-report-sym-only.txt
# gcc's vectoriser remarks: their first loop (line 13, the steps) is not the hot one
g++ -O2 -g -fopt-info-vec-missed -c -o "$B/sumsq.o" sumsq.cpp 2> gcc-vec-missed.txt
# cxxfn.cpp: one C++ function, named "walk" by perf report and by its signature by perf annotate
g++ -O2 -g -o "$B/cxxfn" cxxfn.cpp
(cd "$B" && perf record -q -e cpu-clock -o c.data ./cxxfn 4000 30000 > /dev/null 2>&1)
perf annotate -i "$B/c.data" --stdio -l walk 2> /dev/null | head -80 > perf-annotate-walk.txt
perf report -i "$B/c.data" --stdio --sort dso,sym 2> /dev/null | head -30 > perf-report-walk.txt
# triwork.c: an OpenMP loop with triangular work; the outlined region's hot line is 16
gcc -O2 -g -fopenmp -o "$B/tri" triwork.c -lm
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -o t.data ./tri 20000 > /dev/null 2>&1)
perf annotate -i "$B/t.data" --stdio -l main._omp_fn.0 2> /dev/null | head -60 > perf-annotate-omp.txt
perf report -i "$B/t.data" --stdio --sort dso,sym 2> /dev/null | head -30 > perf-report-omp.txt
rm -rf "$B"
