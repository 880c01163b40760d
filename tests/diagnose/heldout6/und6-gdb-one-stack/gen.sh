#!/bin/sh
# Only one "thread apply all bt" from gdb attached once to a running 2-thread OpenMP program (a poor man's profiler with one sample).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/mcpi.c" -o "$B/mc"
OMP_NUM_THREADS=2 "$B/mc" 4000000000 > /dev/null & P=$!
sleep 1
gdb -batch -p "$P" -ex "thread apply all bt" 2> /dev/null | grep -E '^(Thread|#)' > "$OUT/gdb-backtrace.txt" || true
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
snap
