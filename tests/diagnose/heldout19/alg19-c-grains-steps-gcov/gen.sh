#!/bin/sh
# Dust aggregation (all pairs tested each step, 200 grains injected per step): the program's step table
# for 48 steps, and gcov line counts of a --coverage build run for 16 steps.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/grains.c" -o "$B/grains"
cp "$SRC/grains.c" "$B/grains.c"
(cd "$B" && gcc -O0 -g --coverage -c grains.c -o grains.o && gcc --coverage grains.o -o grains_cov)
{ echo "\$ ./grains 48 200"; (cd "$B" && ./grains 48 200); } > "$OUT/run.txt" 2>&1
(cd "$B" && ./grains_cov 16 200 > /dev/null && gcov grains.c > /dev/null 2>&1)
{ echo "\$ gcov grains.c   # run: ./grains 16 200 (a -O0 --coverage build)"; clean < "$B/grains.c.gcov"; } > "$OUT/grains.c.gcov"
snap
