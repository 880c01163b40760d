#!/bin/sh
# Prime count by trial division: printouts for N = 20000, 40000, 80000 and perf annotate of main (is_prime inlined).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/primes.c" -o "$B/pr"
for n in 20000 40000 80000; do "$B/pr" $n; done > "$OUT/primes-sweep.txt"
(cd "$B" && rec p.data ./pr 60000 > /dev/null)
annot "$B/p.data" main 60 > "$OUT/perf-annotate-main.txt"
snap
