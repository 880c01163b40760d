#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/rx" "$SRC/rx.cpp"
valgrind --tool=callgrind --callgrind-out-file="$B/cg.out" "$B/rx" 800 > "$D/run-output.txt" 2>/dev/null
callgrind_annotate --inclusive=no "$B/cg.out" 2>/dev/null | head -50 > "$D/callgrind-annotate.txt"
