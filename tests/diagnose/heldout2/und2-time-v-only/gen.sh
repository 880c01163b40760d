#!/bin/sh
# Only /usr/bin/time -v of a serial compute-bound run.
. "$(dirname "$0")/../_lib.sh"
gcc -O3 -march=native "$SRC/horner_packed.c" -o "$B/hp"
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/hp" 30000 > /dev/null
snap
