#!/bin/bash
# the same deposit in two particle orders (the program's own nominal traffic) and the
# machine's load bandwidth from likwid-bench
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/scatteradd" "$SRC/scatteradd.c"
snap
cd "$B"
{ for o in creation sorted; do echo "\$ ./scatteradd 4096 3000000 $o"; ./scatteradd 4096 3000000 $o; done; } > "$D/run.txt" 2>&1
likwid-bench -t load -w S0:1GB:1 > "$D/likwid-bench-load.txt" 2>&1
# the creation order under cachegrind's simulator, a small grid (valgrind is ~50x slower)
valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$B/cg.out" ./scatteradd 1024 200000 > /dev/null 2>&1
cg_annotate "$B/cg.out" "$SRC/scatteradd.c" > "$D/cg_annotate-creation.txt"
