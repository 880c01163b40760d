#!/bin/sh
# values rounded through snprintf+strtod: printout, strace -c and a gprof flat profile.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/rounding.c" -o "$B/rd" -lm
show "$B/rd" > "$OUT/rounding-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/rd" > /dev/null
gcc -O2 -g -pg -fno-inline "$SRC/rounding.c" -o "$B/rdpg" -lm
GPLINES=30 gprofrun "$B/rdpg" > "$OUT/gprof.txt"
snap
