#!/bin/sh
# What a user pasted: perf stat -r 5 (five repeated runs, software events) of their program, nothing else.
# The program is an unsent build of fofhalo at 3000 particles.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/fofhalo.c" -o "$B/linker" -lm
{ echo "\$ perf stat -r 5 ./linker > /dev/null"; (cd "$B" && perf stat -r 5 -e task-clock,context-switches,cpu-migrations,page-faults ./linker 3000 2>&1 > /dev/null); } > "$OUT/perf-stat-r5.txt"
echo "5 runs of our linker, about the same each time. Why so slow?" > "$OUT/note.txt"
snap
