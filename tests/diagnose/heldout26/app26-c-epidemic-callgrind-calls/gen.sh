#!/bin/sh
# SEIR model, shipped build, 1 day: callgrind_annotate (inclusive, with the call counts of exp) and the source lines.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/epidemic.c" -o "$B/epidemic" -lm
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=cg.out ./epidemic 1 > run.out 2>&1)
{ echo "\$ valgrind --tool=callgrind ./epidemic 1"; cat "$B/run.out" | grep -v '^==' ; echo "\$ callgrind_annotate --inclusive=yes --auto=yes callgrind.out"; callgrind_annotate --inclusive=yes --auto=yes "$B/cg.out" 2> /dev/null | clean | head -110; } > "$OUT/callgrind.txt"
snap
