#!/bin/sh
# What a user pasted: perf report --sort comm,dso of their program (the -DDBL kinematics build).
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -DDBL "$SRC/ikrobot.F90" -o "$B/kin"
rec p.data -- ./kin
{ echo "\$ perf record -e cpu-clock ./kin; perf report --sort comm,dso"; pcommdso p.data 1; } > "$OUT/perf-commdso.txt"
snap
