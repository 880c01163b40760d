#!/bin/sh
# Arm kinematics (Fortran): the shipped real(16) build and -DDBL timed twice each, then perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/ikrobot.F90" -o "$B/ikrobot"
gfortran -O2 -g -DDBL "$SRC/ikrobot.F90" -o "$B/ikrobot_dbl"
{ for b in ikrobot ikrobot ikrobot_dbl ikrobot_dbl; do show ptime ./$b; done; } > "$OUT/builds.txt"
rec p.data -- ./ikrobot
{ echo "\$ perf record -e cpu-clock ./ikrobot; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-dsosym.txt"
snap
