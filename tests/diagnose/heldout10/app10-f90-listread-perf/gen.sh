#!/bin/sh
# Fortran input of 2 M values by a list-directed READ of a 48 MB text file: perf report by dso,sym
# and strace -c of the run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/listread.f90" -o "$B/listread"
(cd "$B" && ./listread write field.txt)
rec p.data -- ./listread text field.txt
perf report -i "$B/p.data" --stdio --no-children --sort dso,sym --percent-limit 0.7 2> /dev/null | head -40 > "$OUT/perf-report-dso-sym.txt"
(cd "$B" && strace -c -o sc.txt ./listread text field.txt) > "$OUT/run.txt" 2>&1
cat "$B/sc.txt" > "$OUT/strace-c.txt"
snap
