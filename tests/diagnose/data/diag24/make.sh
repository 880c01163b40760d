#!/bin/sh
# Regenerate the diag24 fixtures (g++/gcc 12, perf record/report with cpu-clock, valgrind
# callgrind + callgrind_annotate --inclusive=yes, gprof -l) on a 2-core machine:
#   wordpat (a std::regex built for every record, and built once: the control), perf by symbol
#   and callgrind inclusive of the per-record build;
#   shiftins (a sorted std::vector kept by insert: memmove of the tail per key), a size sweep of
#   its printout ("keys=... layout=sorted-vector cpu_s=...") and callgrind inclusive at one size;
#   axpy (a one-line update in another translation unit called per element), gprof flat and
#   line profiles of the -pg build, and of the -flto build (the control: the call is inlined);
#   teams (a triangular loop in static blocks, each thread printing pairs and cpu_s), alone and
#   under /usr/bin/time -v (one log);
#   uniq (distinct ids by a linear scan per reading), a size sweep printing two counts;
#   mm (a naive n^3 matrix product printing its GFLOP/s), a size sweep: the time grows as the
#   work the program counts, not faster.
set -e
D=$(cd "$(dirname "$0")" && pwd); W=$(mktemp -d); cd "$W"
g++ -O2 -g "$D/src/wordpat.cpp" -o wordpat
g++ -O2 -g "$D/src/shiftins.cpp" -o shiftins
gcc -O2 -g -pg "$D/src/axpy_main.c" "$D/src/axpy_op.c" -o axpy
gcc -O2 -g -pg -flto "$D/src/axpy_main.c" "$D/src/axpy_op.c" -o axpylto
gcc -O2 -g -fopenmp "$D/src/teams.c" -o teams
gcc -O2 -g "$D/src/uniq.c" -o uniq
gcc -O2 -g "$D/src/mm.c" -o mm
perf record -q -e cpu-clock -F 999 -o wp.data ./wordpat 30000 rebuild > "$D/wordpat-output.txt"
perf report -i wp.data --stdio --sort sym 2>/dev/null | head -40 > "$D/wordpat-perf.txt"
perf record -q -e cpu-clock -F 999 -o wo.data ./wordpat 300000 once > "$D/wordpat-once-output.txt"
perf report -i wo.data --stdio --sort sym 2>/dev/null | head -40 > "$D/wordpat-once-perf.txt"
valgrind --tool=callgrind --callgrind-out-file=wp.cg ./wordpat 1500 rebuild 2> "$D/wordpat-callgrind-run.txt"
callgrind_annotate --inclusive=yes wp.cg 2>/dev/null | head -60 > "$D/wordpat-callgrind.txt"
: > "$D/shiftins-sweep.txt"
for n in 25000 50000 100000 200000; do
  echo "\$ ./shiftins $n" >> "$D/shiftins-sweep.txt"; ./shiftins $n >> "$D/shiftins-sweep.txt"
done
valgrind --tool=callgrind --callgrind-out-file=si.cg ./shiftins 20000 2> "$D/shiftins-callgrind-run.txt"
callgrind_annotate --inclusive=yes si.cg 2>/dev/null | head -40 > "$D/shiftins-callgrind.txt"
./axpy 30000 > "$D/axpy-output.txt"
gprof -b -p axpy gmon.out > "$D/axpy-gprof-flat.txt"
gprof -b -p -l axpy gmon.out > "$D/axpy-gprof-lines.txt"
rm -f gmon.out; ./axpylto 30000 > /dev/null
gprof -b -p -l axpylto gmon.out > "$D/axpylto-gprof-lines.txt"
OMP_NUM_THREADS=2 ./teams 20000 > "$D/teams-output.txt"
OMP_NUM_THREADS=2 /usr/bin/time -v ./teams 20000 > "$D/teams-timev.txt" 2>&1
: > "$D/uniq-sweep.txt"
for n in 40000 80000 160000 320000; do
  echo "\$ ./uniq $n" >> "$D/uniq-sweep.txt"; ./uniq $n >> "$D/uniq-sweep.txt"
done
: > "$D/mm-sweep.txt"
for n in 100 200 400 800; do
  echo "\$ ./mm $n" >> "$D/mm-sweep.txt"; ./mm $n >> "$D/mm-sweep.txt"
done
rm -rf "$W"
