#!/bin/bash
# the program's own printout at three sizes
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/jobfront" "$SRC/jobfront.cpp"
snap
cd "$B"
for n in 40000 80000 160000; do echo "\$ ./jobfront $n"; ./jobfront $n; done > "$D/sweep.txt"
