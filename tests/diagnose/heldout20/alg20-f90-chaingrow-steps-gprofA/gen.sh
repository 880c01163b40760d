#!/bin/sh
# Polymer chain growth (600 monomers added per step, full pair energy each step): the step table, gprof's
# flat profile and gprof -A (annotated source with call counts) of a -pg -fno-inline build.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -pg -fno-inline -J "$B" "$SRC/chaingrow.f90" -o "$B/chaingrow"
{ echo "\$ ./chaingrow 14 600"; (cd "$B" && ./chaingrow 14 600); } > "$OUT/run.txt" 2>&1
{ echo "\$ gprof -b -p chaingrow gmon.out"; (cd "$B" && gprof -b -p chaingrow gmon.out 2> /dev/null) | head -20; } > "$OUT/gprof-flat.txt"
{ echo "\$ gprof -b -A chaingrow gmon.out"; gprofA chaingrow 70; } > "$OUT/gprof-annotated.txt"
snap
