#!/bin/sh
# Rain-rate retrieval with the job's rain.cfg ("threads 1") in the run directory: the run with
# OMP_NUM_THREADS=2 and OMP_DISPLAY_ENV=true, /usr/bin/time -v of the same, and the config file.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/rainrate.c" -o "$B/rainrate" -lm
echo "threads 1" > "$B/rain.cfg"
cp "$B/rain.cfg" "$OUT/rain.cfg"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true show ./rainrate 20000 1000 > "$OUT/run.txt"
OMP_NUM_THREADS=2 timev "$OUT/time-v.txt" ./rainrate 20000 1000 > /dev/null
snap
