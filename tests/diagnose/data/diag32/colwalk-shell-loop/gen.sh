#!/bin/bash
# the same walk at four sizes, run by a shell loop the printout echoes as its command
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -o "$B/colwalk" "$SRC/colwalk.c"
snap
cd "$B"
{ echo "\$ for n in 64 256 1024 2048; do ./colwalk \$n ...; done"; ./colwalk 64 h; for n in 256 1024 2048; do ./colwalk $n; done; } > "$D/size-table.txt"
