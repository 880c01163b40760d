#!/bin/bash
# hwloc-ps -t of a running 2-thread program: spread over two cores, and all on CPU 0
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); B=${TMPDIR:-/tmp}/diag29-hwloc; mkdir -p "$B"
gcc -O2 -fopenmp -o "$B/crit" "$HERE/../_src/crit.c" -lm
listing() {  # $1: output file; the rest: the command to run and list
  out=$1; shift
  "$@" > /dev/null & pid=$!
  for _ in $(seq 50); do [ "$(ls /proc/$pid/task | wc -l)" -ge 2 ] && break; sleep 0.1; done
  { echo "\$ hwloc-ps -t --pid $pid"; hwloc-ps -t --pid "$pid"; } > "$out"
  wait $pid
}
listing "$HERE/spread.txt" env OMP_NUM_THREADS=2 OMP_PROC_BIND=spread OMP_PLACES=cores "$B/crit" 60000000
listing "$HERE/one-cpu.txt" env OMP_NUM_THREADS=2 OMP_PROC_BIND=true taskset -c 0 "$B/crit" 60000000
