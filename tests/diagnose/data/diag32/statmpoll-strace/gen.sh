#!/bin/bash
# a stencil reading /proc/self/statm every step (fopen, fscanf, fclose): its printout and
# strace -c of the same run
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -o "$B/statmpoll" "$SRC/statmpoll.c"
snap
cd "$B"
{ echo "\$ ./statmpoll 512 40000"; ./statmpoll 512 40000; } > "$D/run.txt"
{ echo "\$ strace -c ./statmpoll 512 40000"; strace -c ./statmpoll 512 40000 2>&1 >/dev/null; } > "$D/strace-c.txt"
