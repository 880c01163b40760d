#!/bin/sh
# C++ particle push with a per-particle species switch, particles in random species order or sorted
# by species (same particles, same energy): the program's two runs and cachegrind's branch simulator
# (--branch-sim=yes) on 200000 particles x 3 steps in random order, annotated per line.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/species.cpp" -o "$B/species"
{ show ./species 1000000 60 random; show ./species 1000000 60 sorted; } > "$OUT/run.txt"
(cd "$B" && valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=cg.out ./species 200000 3 random > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -150 > "$OUT/cg_annotate.txt"
snap
