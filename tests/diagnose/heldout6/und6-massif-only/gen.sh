#!/bin/sh
# Only valgrind massif's heap profile (ms_print) of the particle loader on a 100k-row CSV.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/csvload.c" -o "$B/cl"
"$B/cl" gen 100000 "$B/particles.csv"
(cd "$B" && valgrind --tool=massif --massif-out-file=ms.out ./cl particles.csv 10 > /dev/null 2>&1)
ms_print "$B/ms.out" | head -80 > "$OUT/ms_print.txt"
snap
