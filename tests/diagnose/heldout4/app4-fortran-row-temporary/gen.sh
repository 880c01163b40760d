#!/bin/sh
# Fortran rows a(i,:) passed to an explicit-shape routine (array temporary per call): gfortran -Warray-temporaries output, printout, perf report; the executable is left in the folder.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -Warray-temporaries "$SRC/rowpass.f90" -o "$B/rp" > "$OUT/gfortran-build.txt" 2>&1
"$B/rp" > "$OUT/rowpass-output.txt"
(cd "$B" && rec p.data ./rp > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
cp "$B/rp" "$OUT/rowpass"
snap
