#!/bin/sh
# Trace stacking (out += w*trace over three 200 MB arrays): the program at 1 and 2 threads (twice), and
# likwid-bench stream and triad at 1 GB on one and two cores.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/stack.c" -o "$B/stack"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./stack"; (cd "$B" && OMP_NUM_THREADS=$t ./stack); done; } > "$OUT/run.txt" 2>&1
{ for k in stream triad; do for w in S0:1GB:1 S0:1GB:2; do echo "\$ likwid-bench -t $k -w $w"; likwid-bench -t $k -w $w 2>&1 | grep -E 'Time|MByte/s|MFlops|Number of Threads' | head -8; done; done; } > "$OUT/likwid-bench.txt"
snap
