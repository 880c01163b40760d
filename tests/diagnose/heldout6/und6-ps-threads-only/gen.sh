#!/bin/sh
# Only a ps -L snapshot (threads, CPU they last ran on, %CPU) of a running 2-thread OpenMP program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/mcpi.c" -o "$B/mc"
OMP_NUM_THREADS=2 "$B/mc" 4000000000 > /dev/null & P=$!
sleep 2
ps -L -o pid,lwp,psr,pcpu,stat,time,comm -p "$P" > "$OUT/ps-threads.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
snap
