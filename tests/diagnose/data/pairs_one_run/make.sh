#!/bin/sh
# Rebuild the fixture: one run of the all-pairs link search, as pasted.
set -e
cd "$(dirname "$0")"
t=$(mktemp -d)
gcc -O2 -o "$t/linkpairs" linkpairs.c -lm
{ echo '$ ./linkpairs 4000'; "$t/linkpairs" 4000; } > run.txt
rm -rf "$t"
