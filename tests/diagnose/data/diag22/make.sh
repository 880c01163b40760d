#!/bin/sh
# Regenerates the diag22 fixtures (run from this directory).
# contention: a one-thread loop on CPU 0 under /usr/bin/time -v, with uptime before and after,
# sharing CPU 0 with two busy `yes` started 20 s earlier (timev-shared-*; also as one job log,
# stdout and stderr mixed). Look-alike under the same load: a script that sleeps 30 x 0.1 s
# (timev-sleeper-*: user+sys far below elapsed too, but the time is its own waiting, voluntary
# switches). (The loop free to use CPU 1 was dropped: other jobs on this 2-CPU machine held
# that CPU too, 2.98 s CPU in 9.24 s.)
set -eu
B=$(mktemp -d)
Y1=""; Y2=""
cleanup() { [ -n "$Y1" ] && { uptime; /usr/bin/time -v sh -c 'i=0; while [ $i -lt 30 ]; do sleep 0.1; i=$((i+1)); done' 2>&1
  uptime; } > timev-sleeper-joblog.txt
kill "$Y1" "$Y2" 2> /dev/null; rm -rf "$B"; }
trap cleanup EXIT
gcc -O2 src/spin.c -o "$B/spin"
taskset -c 0 yes > /dev/null & Y1=$!
taskset -c 0 yes > /dev/null & Y2=$!
sleep 20  # let the load average see the other jobs
uptime > timev-shared-uptime.txt
taskset -c 0 /usr/bin/time -v "$B/spin" > /dev/null 2> timev-shared.txt
uptime >> timev-shared-uptime.txt
{ uptime; taskset -c 0 /usr/bin/time -v "$B/spin" 2>&1; uptime; } > timev-shared-joblog.txt
{ uptime; /usr/bin/time -v sh -c 'i=0; while [ $i -lt 30 ]; do sleep 0.1; i=$((i+1)); done' 2>&1
  uptime; } > timev-sleeper-joblog.txt
kill "$Y1" "$Y2"; wait "$Y1" "$Y2" 2> /dev/null || true; Y1=""; Y2=""
# MPI results collected with one MPI_Gather of one double per element (200000 calls of 8 B per
# rank), and the look-alike that gathers the whole array in one call; each rank prints its
# call count, bytes per call and gather time
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 -g src/gather1.c -o "$B/g1"
mpirun -np 2 "$B/g1" 200000 > gather-per-value-output.txt 2>&1
mpirun -np 2 "$B/g1" 200000 1 > gather-batch-output.txt 2>&1
