#!/bin/bash
# cachegrind's branch simulator on an if-ladder over random values
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g -o "$B/branchy" "$SRC/branchy.c"
snap
cd "$B"
valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file="$B/cg.branch" ./branchy 200000 > /dev/null 2>&1
cg_annotate "$B/cg.branch" "$SRC/branchy.c" > "$D/cg_annotate-branch.txt"
