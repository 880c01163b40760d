#!/bin/sh
# strace -c of the formatted-write Fortran program, nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/fmtout.f90" -o "$B/fo"
(cd "$B" && strace -c -o "$OUT/strace-c.txt" ./fo 1500000 > /dev/null)
snap
