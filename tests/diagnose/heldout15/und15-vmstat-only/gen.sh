#!/bin/sh
# Undecidable: vmstat 1 while the PML wave program runs (no program output, no profile).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/pmlcoef.f90" -o "$B/pmlcoef"
(cd "$B" && ./pmlcoef 768 60 > /dev/null) & RUNPID=$!
{ echo "\$ vmstat 1 4"; vmstat 1 4; } > "$OUT/vmstat.txt"
wait "$RUNPID"
snap
