#!/bin/sh
# Undecidable: perf stat -r 3 asking for hardware events this guest does not count (printed as
# <not supported>), of the relaxation-update program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/extmain.c" "$SRC/scale.c" -o "$B/relax"
(cd "$B" && perf stat -r 3 -e cycles,instructions,cache-misses,branch-misses,L1-dcache-load-misses ./relax 40000 > /dev/null) > "$OUT/perf-stat.txt" 2>&1
snap
