#!/bin/sh
# The folder of a coverage build of the condensation step: its printout and the .gcda counter file
# (binary, readable only with the matching .gcno and gcov), no source listing or gcov output.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/satvap.c" "$B/satvap.c"
(cd "$B" && gcc -O2 -g --coverage -c satvap.c -o satvap.o && gcc --coverage satvap.o -o satvap -lm && ./satvap 100000 40 > run.txt)
cp "$B/run.txt" "$OUT/run.txt"
cp "$B/satvap.gcda" "$OUT/satvap.gcda"
snap
