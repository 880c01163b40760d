#!/bin/sh
# Charge deposition whose grid is released with madvise(MADV_DONTNEED) after every step: perf stat (page-faults
# among the software events) of the shipped build and of -DKEEP (memset instead), and /usr/bin/time -v of the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/plasmadep.c" -o "$B/plasmadep"
gcc -O2 -g -DKEEP "$SRC/plasmadep.c" -o "$B/plasmadep_keep"
{ echo "\$ perf stat ./plasmadep"; perfstatp ./plasmadep; echo "\$ perf stat ./plasmadep_keep"; perfstatp ./plasmadep_keep; } > "$OUT/perf-stat.txt"
{ echo "\$ /usr/bin/time -v ./plasmadep"; timev tv.txt ./plasmadep; cat "$B/tv.txt"; } > "$OUT/time-v.txt"
snap
