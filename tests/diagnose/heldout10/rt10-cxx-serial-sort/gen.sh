#!/bin/sh
# C++ OpenMP particle step with a std::sort between two parallel loops: the program's phase printout
# at 1 and 2 threads and perf report by symbol (children off) at 2 threads.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/sortphase.cpp" -o "$B/sortphase"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./sortphase 4000000 3"; (cd "$B" && OMP_NUM_THREADS=$t ./sortphase 4000000 3) 2>&1; done; } > "$OUT/threads-1-2.txt"
(export OMP_NUM_THREADS=2; rec p.data -- ./sortphase 4000000 3)
perf report -i "$B/p.data" --stdio --no-children --sort pid,sym --percent-limit 0.5 2> /dev/null | head -40 > "$OUT/perf-report-pid-sym.txt"
snap
