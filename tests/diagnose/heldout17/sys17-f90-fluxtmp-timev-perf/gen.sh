#!/bin/sh
# Fortran flux step allocating a fresh 48 MB work array on every call: the program's line,
# /usr/bin/time -v, and perf report --sort dso,sym (kernel included) of the same run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/fluxtmp.f90" -o "$B/fluxtmp"
show ./fluxtmp 6000000 30 > "$OUT/run.txt"
timev "$OUT/time-v.txt" ./fluxtmp 6000000 30 > /dev/null
rec p.data -- ./fluxtmp 6000000 30
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
