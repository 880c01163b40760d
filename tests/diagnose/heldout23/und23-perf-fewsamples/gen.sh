#!/bin/sh
# What a user pasted: perf report of a very short run (an unnamed build of wavespec at 1 thread, 40 steps: a few
# dozen samples) and the complaint that the production run is slow.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/wavespec.c" -o "$B/spec" -lm
rec p.data -- env OMP_NUM_THREADS=1 ./spec 40
{ echo "\$ OMP_NUM_THREADS=1 perf record ./spec 40; perf report --stdio"; perf report -i "$B/p.data" --stdio --no-children 2> /dev/null | grep -v '^$' | clean | head -30; } > "$OUT/perf-report.txt"
echo "test case profile attached (production run is 40000 steps and takes hours)" > "$OUT/note.txt"
snap
