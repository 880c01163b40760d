#!/bin/sh
# Undecidable: the largest symbols of the C++ column-sum program's binary (nm -C -S --size-sort), nothing measured.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/vvcol.cpp" -o "$B/vvcol"
{ echo "\$ nm -C -S --size-sort vvcol | tail -30"; nm -C -S --size-sort "$B/vvcol" | tail -30; } > "$OUT/nm-size.txt"
snap
