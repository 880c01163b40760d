#!/bin/sh
# The same _Decimal64 ledger built with -pg: gprof flat profile and call graph, and the printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/ledger.c" -o "$B/lg"
(cd "$B" && ./lg 20000 300) > "$OUT/ledger-output.txt"
gprofrun "$B/lg" 20000 300 > "$OUT/gprof.txt"
snap
