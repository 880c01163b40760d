#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/popfront" "$SRC/popfront.c"
valgrind --tool=callgrind --callgrind-out-file="$B/cg3.out" "$B/popfront" 30000 > "$D/run-output.txt" 2>/dev/null
callgrind_annotate --inclusive=yes "$B/cg3.out" 2>/dev/null | head -40 > "$D/callgrind-inclusive.txt"
