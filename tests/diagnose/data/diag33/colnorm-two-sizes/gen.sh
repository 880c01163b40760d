#!/bin/bash
# the column walk at two sizes, the sweeps chosen so both touch about the same points
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -o "$B/colnorm" "$HERE/../_src/colnorm.c"
snap
cd "$B"
{ echo "\$ ./colnorm 256 150"; ./colnorm 256 150; echo "\$ ./colnorm 2048 3"; ./colnorm 2048 3
} > "$D/run.txt"
