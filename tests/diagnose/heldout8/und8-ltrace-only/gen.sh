#!/bin/sh
# ltrace -c of the dense-solve program only.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/multisolve.c" -o "$B/ms" -lm
ltrace -c -o "$OUT/ltrace-c.txt" "$B/ms" 200 10 > /dev/null
snap
