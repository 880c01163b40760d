#!/bin/sh
# The same program: /usr/bin/time -v at OMP_NUM_THREADS=2 and perf report by thread, without the program's thread printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp -J "$B" "$SRC/onethread.f90" -o "$B/ot"
(cd "$B" && OMP_NUM_THREADS=2 /usr/bin/time -v ./ot 40 > /dev/null 2> tv.txt)
cp "$B/tv.txt" "$OUT/time-v-2threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./ot 40 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
report "$B/p.data" > "$OUT/perf-report.txt"
echo "export OMP_NUM_THREADS=2" > "$OUT/jobscript-env.txt"
snap
