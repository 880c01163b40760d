#!/bin/sh
# Arm kinematics (Fortran): perf record --call-graph dwarf, perf report -g caller.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/ikrobot.F90" -o "$B/ikrobot"
recg pg.data -- ./ikrobot
{ show ./ikrobot; echo "\$ perf record --call-graph dwarf -e cpu-clock ./ikrobot; perf report -g caller"; pcaller pg.data 2 90; } > "$OUT/perf-callers.txt"
snap
