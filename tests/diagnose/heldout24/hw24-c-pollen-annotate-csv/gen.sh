#!/bin/sh
# Pollen dispersion update: a CSV of /usr/bin/time rows (build, threads, elapsed, user, sys, max RSS) for the double
# and float builds, and perf annotate of the update loop's outlined OpenMP function at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pollen.c" -o "$B/pollen"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/pollen.c" -o "$B/pollen_f32"
echo "build,threads,elapsed_s,user_s,sys_s,maxrss_kb" > "$B/t.csv"
for b in pollen pollen_f32; do for t in 1 2; do OMP_NUM_THREADS=$t csvtime t.csv "$b,$t" ./$b; done; done
cp "$B/t.csv" "$OUT/times.csv"
OMP_NUM_THREADS=2 rec p.data -- ./pollen
{ echo "\$ OMP_NUM_THREADS=2 perf record -e cpu-clock ./pollen; perf annotate --stdio main._omp_fn.1"; perf annotate -i "$B/p.data" --stdio main._omp_fn.1 2> /dev/null | clean | grep -v '^\s*0.00 *:' | head -70; } > "$OUT/annotate.txt"
snap
