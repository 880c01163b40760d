#!/bin/bash
# a column-order walk over an n x n grid at two sizes, the cell updates held about fixed: the
# program's table row after each echoed command (header on the first), a check value beside it
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -o "$B/colwalk" "$SRC/colwalk.c"
snap
cd "$B"
{ echo "\$ ./colwalk 64 h"; ./colwalk 64 h; echo "\$ ./colwalk 2048"; ./colwalk 2048; } > "$D/run.txt"
