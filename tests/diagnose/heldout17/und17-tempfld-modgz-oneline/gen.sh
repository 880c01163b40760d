#!/bin/sh
# Undecidable: one timing line of the smoothing program at one size next to the module file
# (gzip) the compiler wrote beside the build.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/tempfld.f90" -o "$B/tempfld"
show ./tempfld 2048 4 > "$OUT/run.txt"
head -c 16384 "$B/smoothmod.mod" > "$OUT/smoothmod.mod"
snap
