#!/bin/bash
# gcc -fsave-optimization-record of three loops: a reduction, a unit-stride copy, a gather
# with a carried dependence
. "$(dirname "$0")/../_lib.sh"
snap
cd "$B"
cp "$SRC/vecloops.c" .
gcc -O3 -march=x86-64-v3 -c -fsave-optimization-record vecloops.c
cp vecloops.c.opt-record.json.gz "$D/"
