#!/bin/sh
# The matrix norm recomputed for every element: callgrind (call counts) and gprof.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/norms.c" -o "$B/nm" -lm
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./nm 60 > /dev/null 2> /dev/null)
cp "$B/cg.out" "$OUT/callgrind.out"
gcc -O2 -g -pg "$SRC/norms.c" -o "$B/nmp" -lm
(cd "$B" && ./nmp 120 > "$OUT/norms-output.txt" && gprof -b ./nmp gmon.out > "$OUT/gprof.txt")
snap
