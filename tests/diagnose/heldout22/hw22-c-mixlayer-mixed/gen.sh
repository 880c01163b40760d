#!/bin/sh
# A mixed folder as a user hands it over: the run log with OMP_DISPLAY_ENV at 2 threads, a CSV size sweep of
# the program's own rows (1 M to 20 M points), perf stat of the big run, likwid-bench triad on both cores,
# and the raw binary state file the run writes (nothing reads it).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/mixlayer.c" -o "$B/mixlayer"
{ echo "\$ OMP_DISPLAY_ENV=true OMP_NUM_THREADS=2 ./mixlayer 20000000 6"; ompenv OMP_NUM_THREADS=2 ./mixlayer 20000000 6; } > "$OUT/run.log"
{ echo "points,sweeps,threads,seconds,GB_per_s"; for n in 1000000 4000000 8000000 20000000; do (cd "$B" && OMP_NUM_THREADS=2 ./mixlayer $n 6) | awk '{for (i = 1; i <= NF; i++) {split($i, a, "="); v[a[1]] = a[2]} print v["points"] "," v["sweeps"] "," v["threads"] "," v["seconds"] "," v["GB/s"]}'; done; } > "$OUT/size_sweep.csv"
{ echo "\$ OMP_NUM_THREADS=2 perf stat ./mixlayer 20000000 6"; OMP_NUM_THREADS=2 perfstatp ./mixlayer 20000000 6; } > "$OUT/perf-stat.txt"
{ echo "\$ likwid-bench -t triad -w S0:2GB:2"; likwid-bench -t triad -w S0:2GB:2 2>&1 | grep -E 'Time|MByte/s|Number of Threads' | head -8; } > "$OUT/likwid-triad.txt"
perl -e 'print pack("d*", map { 15.0 + 1e-4 * $_ } 0 .. 65535)' > "$OUT/mixlayer_state_0006.bin"
snap
