#!/bin/sh
# Ocean-tracer update over three 200 MB arrays: the program at 1 and 2 threads (twice each), and
# likwid-bench triad and stream at 1 GB on one and two cores.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/saxstream.c" -o "$B/saxstream"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./saxstream 25000000 6"; (cd "$B" && OMP_NUM_THREADS=$t ./saxstream 25000000 6); done; } > "$OUT/run.txt" 2>&1
{ for k in triad stream; do for w in S0:1GB:1 S0:1GB:2; do echo "\$ likwid-bench -t $k -w $w"; likwid-bench -t $k -w $w 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; done; done; } > "$OUT/likwid-bench.txt"
snap
