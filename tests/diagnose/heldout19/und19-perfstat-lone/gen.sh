#!/bin/sh
# What a user pasted: perf stat (default events) of the elastic update, nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -J "$B" "$SRC/elastinv.f90" -o "$B/elastinv"
{ echo "\$ perf stat ./elastinv 200000 10"; (cd "$B" && perf stat ./elastinv 200000 10) 2>&1; } > "$OUT/perf-stat.txt"
snap
