#!/bin/sh
# What a user pasted: strace -c -f of their Fortran program (the -DDP c14box build: a compute loop, a handful of
# syscalls), with its printed line, nothing else.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -DDP "$SRC/c14box.F90" -o "$B/box"
{ echo "\$ strace -c -f ./box"; stracec ./box; } > "$OUT/strace-c.txt"
snap
