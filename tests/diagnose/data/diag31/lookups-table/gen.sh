#!/bin/bash
# a scan lookup over tables of 500 to 8000 entries, the same 100000 lookups at every size: the
# program's own table (entries, lookups, seconds, ns/lookup)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/scanlookup" "$SRC/scanlookup.c"
snap
cd "$B"
{ echo "\$ ./scanlookup 100000"; ./scanlookup 100000; } > "$D/run.txt"
