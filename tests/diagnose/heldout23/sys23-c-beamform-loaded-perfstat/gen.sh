#!/bin/sh
# Beamformer, OpenMP build at 2 threads: the build log with -fopt-info-vec-missed, perf stat of a run on the
# quiet node ("yesterday") and of a run beside two stress-ng CPU hogs ("today"), and uptime/ps at that time.
. "$(dirname "$0")/../_lib.sh"
(cd "$B" && gcc -O2 -g -fopenmp -fopt-info-vec-missed "$SRC/beamform.c" -o beamform -lm 2> optinfo.raw)
{ echo "\$ gcc -O2 -g -fopenmp -fopt-info-vec-missed beamform.c -o beamform -lm"; clean < "$B/optinfo.raw" | grep 'beamform.c:' | head -12; } > "$OUT/build.log"
{ echo "\$ OMP_NUM_THREADS=2 perf stat ./beamform"; perfstatp env OMP_NUM_THREADS=2 ./beamform; } > "$OUT/perfstat-yesterday.txt"
load_on 2
{ echo "\$ OMP_NUM_THREADS=2 perf stat ./beamform"; perfstatp env OMP_NUM_THREADS=2 ./beamform; } > "$OUT/perfstat-today.txt"
loadsnap > "$OUT/uptime-ps-today.txt"
load_off
snap
