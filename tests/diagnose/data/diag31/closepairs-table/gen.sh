#!/bin/bash
# an all-pairs close-pair count at N = 2000 to 16000: the program's table, one column headed
# pairs<rc
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/closepairs" "$SRC/closepairs.c"
snap
cd "$B"
{ echo "\$ ./closepairs"; ./closepairs; } > "$D/run.txt"
