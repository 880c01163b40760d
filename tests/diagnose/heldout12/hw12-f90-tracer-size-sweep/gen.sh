#!/bin/sh
# Fortran tracer advection: the program's own printout over a size sweep (n=200..3000), with
# likwid-bench copy_avx on one core as the machine's bandwidth reference.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/tracer.f90" -o "$B/tracer"
{
  show ./tracer 200 60
  show ./tracer 500 10
  show ./tracer 1000 3
  show ./tracer 2000 1
  show ./tracer 3000 1
} > "$OUT/size-sweep.txt"
show likwid-bench -t copy_avx -w S0:256MB:1 > "$OUT/likwid-bench-copy.txt"
snap
