#!/bin/sh
# Lake region growing (visited check by linear search): rows for grids 100..250 (lake cells grow as n^2), and gprof's
# flat profile and call graph of the 250 grid (-pg build).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/lakefill.c" -o "$B/lakefill"
{ for n in 100 150 200 250; do show ./lakefill $n; done; } > "$OUT/sizes.txt"
gcc -O2 -g -pg -fno-inline "$SRC/lakefill.c" -o "$B/lakefill_pg"
(cd "$B" && ./lakefill_pg 250 > /dev/null)
{ echo "\$ gcc -O2 -g -pg -fno-inline lakefill.c -o lakefill_pg; ./lakefill_pg 250; gprof -b lakefill_pg gmon.out"; (cd "$B" && gprof -b lakefill_pg gmon.out 2> /dev/null) | clean | head -45; } > "$OUT/gprof.txt"
snap
