#!/bin/bash
# the program's own GFLOP/s at four sizes (the same multiply-adds per element, more data)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/mmrate" "$SRC/mmrate.c"
snap
cd "$B"
{ for n in 100 300 700 1100; do echo "\$ ./mmrate $n"; ./mmrate $n; done; } > "$D/run.txt" 2>&1
