#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -o "$B/umap" "$SRC/umaprebuild.cpp"
valgrind --tool=callgrind --callgrind-out-file="$B/cg4.out" "$B/umap" 200 > "$D/run-output.txt" 2>/dev/null
callgrind_annotate "$B/cg4.out" 2>/dev/null > "$D/callgrind-annotate.txt"
