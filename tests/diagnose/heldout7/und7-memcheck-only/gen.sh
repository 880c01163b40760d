#!/bin/sh
# Only a clean valgrind memcheck run of the running-median program (small input).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/runmed.cpp" -o "$B/rm"
valgrind --tool=memcheck --leak-check=full "$B/rm" 5000 101 > "$OUT/program-stdout.txt" 2> "$OUT/memcheck.txt"
snap
