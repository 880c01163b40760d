#!/bin/sh
# C OpenMP 2-thread evaluation started through likwid-pin -c 0 (as a site wrapper does): the job log
# with OMP_DISPLAY_AFFINITY=true, ps -L (processor of each thread) and Cpus_allowed_list during the
# run, and /usr/bin/time -v of a second run under the same wrapper.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/wave2t.c" -o "$B/wave" -lm
cd "$B"
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true likwid-pin -c 0 ./wave 60000000 > job.log 2>&1 &
P=$!
sleep 1.5
C=$(pgrep -P $P | head -1)  # likwid-pin forks the program
{ echo "\$ ps -L -o pid,tid,psr,pcpu,comm -p $P,$C"; ps -L -o pid,tid,psr,pcpu,comm -p $P,$C
  echo "\$ grep Cpus_allowed_list /proc/$C/task/*/status"; grep Cpus_allowed_list /proc/$C/task/*/status; } > "$OUT/ps-threads.txt" 2>&1 || true
wait $P || true
cp job.log "$OUT/job.log"
OMP_NUM_THREADS=2 /usr/bin/time -v -o "$OUT/time-v.txt" likwid-pin -c 0 ./wave 60000000 > /dev/null 2>&1
cd "$HERE"
snap
