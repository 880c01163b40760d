#!/bin/bash
# the triad at 1 and 2 threads (its own GBps), and likwid-bench's stream and triad kept as the
# lines under each echoed command (the way a user trims the benchmark's output)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp -o "$B/triadrun" "$HERE/../_src/triadrun.c"
snap
cd "$B"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./triadrun"; OMP_NUM_THREADS=$t ./triadrun; done
} > "$D/run.txt"
{ for t in stream triad; do for w in 1 2; do echo "\$ likwid-bench -t $t -w S0:1GB:$w"
  likwid-bench -t $t -w S0:1GB:$w 2>/dev/null | grep -E "^(Time|MFlops/s|MByte/s):"; done; done
} > "$D/likwid-bench.txt"
