#!/bin/sh
# A serial Fortran kernel run while other jobs (here 4 stress-ng CPU hogs) share the 2 cores:
# /proc/pressure/cpu before and after, /usr/bin/time -v of the run and its printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/relax8.f90" -o "$B/relax8"
load_on 4
{ echo "\$ cat /proc/pressure/cpu   # before"; cat /proc/pressure/cpu
  echo "\$ /usr/bin/time -v ./relax8 3000000"; (cd "$B" && /usr/bin/time -v ./relax8 3000000) 2>&1
  echo "\$ cat /proc/pressure/cpu   # after"; cat /proc/pressure/cpu; } > "$OUT/job.log"
load_off
snap
