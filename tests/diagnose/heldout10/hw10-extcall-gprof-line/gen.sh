#!/bin/sh
# The same relaxation update built with -pg: gprof flat profile and gprof -l (line by line).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/extmain.c" "$SRC/scale.c" -o "$B/relax"
show ./relax 60000 > "$OUT/run.txt"
(cd "$B" && gprof -b -p ./relax gmon.out) > "$OUT/gprof-flat.txt" 2>&1
(cd "$B" && gprof -b -l -p ./relax gmon.out | head -40) > "$OUT/gprof-lines.txt" 2>&1
snap
