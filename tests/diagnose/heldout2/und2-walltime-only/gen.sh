#!/bin/sh
# Only the program's own printout of a serial run: a count and a wall time.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/sieve.c" -o "$B/sv"
"$B/sv" 30000000 1 > "$OUT/sieve-output.txt"
snap
