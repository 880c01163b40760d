#!/bin/sh
# Mixed-layer update over 20 M points (800 MB of arrays) at 2 threads: gcc's vectorizer report for the shipped
# -O2 build (-fopt-info-vec-missed) and for -O3 -march=native (-fopt-info-vec-optimized), the program's rows
# of both builds (alternating, twice each), and likwid-bench stream and triad at 2 GB on both cores.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -fopt-info-vec-missed "$SRC/mixlayer.c" -o "$B/mixlayer" 2>&1 | clean | grep 'mixlayer.c:2[0-9]' > "$OUT/optinfo-O2.txt"
gcc -O3 -march=native -g -fopenmp -fopt-info-vec-optimized "$SRC/mixlayer.c" -o "$B/mixlayer_vec" 2>&1 | clean > "$OUT/optinfo-O3-native.txt"
{ for p in mixlayer mixlayer_vec mixlayer mixlayer_vec; do show env OMP_NUM_THREADS=2 ./$p 20000000 6; done; } > "$OUT/run.txt"
{ for k in stream triad; do echo "\$ likwid-bench -t $k -w S0:2GB:2"; likwid-bench -t $k -w S0:2GB:2 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; done; } > "$OUT/likwid-bench.txt"
echo "Build: gcc -O2 -fopenmp. The compiler says the main loop is not vectorized; the state must stay in these arrays between sweeps." > "$OUT/note.txt"
snap
