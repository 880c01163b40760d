#!/bin/sh
# The same read as a user reports it: /usr/bin/time -v, strace -c and the printout.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g "$SRC/listread.f90" -o "$B/listread"
(cd "$B" && ./listread write field.txt)
(cd "$B" && /usr/bin/time -v ./listread text field.txt) > "$OUT/time-v.txt" 2>&1
(cd "$B" && strace -c -o sc.txt ./listread text field.txt > /dev/null 2>&1); cat "$B/sc.txt" > "$OUT/strace-c.txt"
snap
