#!/bin/sh
# The first processor block of /proc/cpuinfo and `gcc -v` with the flags used for the C++ list program, nothing else.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ cat /proc/cpuinfo (first processor)"; awk 'NF == 0 {exit} {print}' /proc/cpuinfo; } > "$OUT/cpuinfo.txt"
{ echo "\$ g++ -v"; g++ -v 2>&1; echo "# build: g++ -O2 -g plist.cpp -o plist"; } > "$OUT/compiler.txt"
snap
