#!/bin/sh
# The trial-division prime count built with -pg, not inlined: gprof at N = 30000 and N = 60000, and the two printouts.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -fno-inline "$SRC/primes.c" -o "$B/pr"
GPLINES=30 gprofrun "$B/pr" 30000 > "$OUT/gprof-N30000.txt"
GPLINES=30 gprofrun "$B/pr" 60000 > "$OUT/gprof-N60000.txt"
(cd "$B" && ./pr 30000 && ./pr 60000) > "$OUT/primes-output.txt"
snap
