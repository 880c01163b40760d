#!/bin/sh
# Undecidable: iostat -x taken while the Fortran list-directed reader runs.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/listread.f90" -o "$B/listread"
(cd "$B" && ./listread write field.txt && sync)
iostat -x -y 1 3 > "$OUT/iostat-x.txt" 2>&1 & I=$!
(cd "$B" && for k in 1 2 3 4; do ./listread text field.txt; done > /dev/null)
wait "$I"
snap
