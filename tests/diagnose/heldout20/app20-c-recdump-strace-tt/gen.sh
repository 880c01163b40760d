#!/bin/sh
# Buoy series written with fprintf + fflush per record: the program's compute/output split, strace -c of
# the same run, and strace -tt of the write calls of a 3000-record run (first 40 lines).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/recdump.c" -o "$B/recdump" -lm
{ echo "\$ ./recdump 200000 buoy_out.txt"; (cd "$B" && ./recdump 200000 buoy_out.txt); } > "$OUT/run.txt" 2>&1
{ echo "\$ strace -c ./recdump 200000 buoy_out.txt"; (cd "$B" && strace -c ./recdump 200000 buoy_out.txt) 2>&1; } > "$OUT/strace-c.txt"
{ echo "\$ strace -tt -e trace=write ./recdump 3000 buoy_small.txt"; stracett write ./recdump 3000 buoy_small.txt | head -40; } > "$OUT/strace-tt.txt"
snap
