#!/bin/bash
# cachegrind's simulator on a walk over a linked list whose nodes lie in random order
. "$(dirname "$0")/../_lib.sh"
(cd "$SRC" && gcc -O2 -g -o "$B/listwalk" listwalk.c)
snap
cd "$B"
valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file="$B/cg.list" ./listwalk 200000 10 > /dev/null 2>&1
(cd "$SRC" && cg_annotate "$B/cg.list" listwalk.c) > "$D/cg_annotate.txt"
