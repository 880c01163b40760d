#!/bin/sh
# Direct autocorrelation of a record: the program's size table (N doubling from 5000 to 40000) and
# gcov line counts of a coverage build at N=3000.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/acorr.f90" -o "$B/acorr"
{ echo "       N   seconds    multiply-adds   ns/N^2"; for n in 5000 10000 20000 40000; do (cd "$B" && ./acorr $n); done; } > "$OUT/size-table.txt"
cp "$SRC/acorr.f90" "$B/acorr.f90"
(cd "$B" && gfortran -O0 -g --coverage -c acorr.f90 -o acorr_cov.o && gfortran --coverage acorr_cov.o -o acorr_cov && ./acorr_cov 3000 > /dev/null && gcov -o . acorr_cov.o > /dev/null 2>&1)
cat "$B/acorr.f90.gcov" | clean > "$OUT/acorr.f90.gcov"
snap
