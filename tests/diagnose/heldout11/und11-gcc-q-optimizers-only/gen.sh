#!/bin/sh
# Only the build line and the optimisation passes it enables (g++ -O2 -Q --help=optimizers) for mapspmv.cpp.
. "$(dirname "$0")/../_lib.sh"
show g++ -O2 -g "$SRC/mapspmv.cpp" -o spmv > "$OUT/build.log"
{ echo "\$ g++ -O2 -Q --help=optimizers | grep enabled"; g++ -O2 -Q --help=optimizers | grep enabled; } > "$OUT/optimizers-O2.txt"
snap
