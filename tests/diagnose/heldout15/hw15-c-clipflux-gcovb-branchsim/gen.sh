#!/bin/sh
# C sign-split upwind flux over 1 M faces, random vs sorted signs: the printout of both orders,
# gcov -b (branch probabilities) of a --coverage build on the random order, and cachegrind with
# --branch-sim=yes --cache-sim=no on the random order annotated by cg_annotate.
. "$(dirname "$0")/../_lib.sh"
cp "$SRC/clipflux.c" "$B/"
(cd "$B" && gcc -O2 -g clipflux.c -o clipflux && gcc -O0 --coverage -c clipflux.c && gcc --coverage clipflux.o -o clipflux_cov)
{ show ./clipflux random 1000000 40; show ./clipflux sorted 1000000 40; } > "$OUT/run.txt"
(cd "$B" && ./clipflux_cov random 1000000 4 > /dev/null && gcov -b clipflux.c > gcov.log 2>&1)
{ echo "\$ gcc -O0 --coverage -c clipflux.c && gcc --coverage clipflux.o -o clipflux_cov && ./clipflux_cov random 1000000 4 && gcov -b clipflux.c"
  cat "$B/gcov.log"; cat "$B/clipflux.c.gcov"; } | clean > "$OUT/clipflux.c.gcov"
(cd "$B" && valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no --cachegrind-out-file=cg.out ./clipflux random 200000 2 > /dev/null 2>&1)
cg_annotate --auto=yes "$B/cg.out" 2> /dev/null | clean | head -100 > "$OUT/cg_annotate.txt"
snap
