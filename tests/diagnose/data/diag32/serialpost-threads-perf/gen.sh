#!/bin/bash
# an OpenMP field update followed by a post-processing pass on one thread, run on 2 threads:
# the printout, and perf report split by thread and symbol (--sort pid,sym)
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -g -fopenmp -o "$B/serialpost" "$SRC/serialpost.c" -lm
snap
cd "$B"
export OMP_NUM_THREADS=2
{ echo "\$ env OMP_NUM_THREADS=2 ./serialpost 400000 20"; ./serialpost 400000 20; } > "$D/run.txt"
perf record -q -e cpu-clock -o "$B/sp.data" ./serialpost 400000 20 > /dev/null 2>&1
perf report --stdio --no-children --sort pid,sym -i "$B/sp.data" 2>/dev/null | head -40 > "$D/perf-report.txt"
