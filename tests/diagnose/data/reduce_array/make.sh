#!/bin/sh
# Regenerates the element-wise reduction fixtures: src/maxres.c on 2 ranks reducing a 16 MiB
# residual array per step to get its maximum ("array") vs its local maximum ("scalar", the
# look-alike); the program prints the volume per call in MB and the reduction time in its own
# words. Run from this directory. Times change with the load; the volumes do not.
set -eu
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpicc -O2 src/maxres.c -o "$B/mr"
for v in array scalar; do
  mpirun -np 2 --oversubscribe "$B/mr" $v 10 > "maxres-$v-output.txt" 2>/dev/null
done
