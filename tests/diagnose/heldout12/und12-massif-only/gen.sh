#!/bin/sh
# Only a heap profile: valgrind --tool=massif and ms_print of the dense diffusion solver at n=600
# (memory over time, no time profile).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/tridense.f90" -o "$B/tridense"
(cd "$B" && valgrind --tool=massif --massif-out-file=massif.out ./tridense 600 > /dev/null 2>&1)
(cd "$B" && ms_print massif.out) | head -80 > "$OUT/ms-print.txt"
snap
