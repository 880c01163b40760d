#!/bin/sh
# Undecidable: the opacity-lookup program's one printed line for 300000 lookups, next to the first
# 16 KB of its binary table file (raw doubles, no header).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tabread.c" -o "$B/tabread"
show ./tabread 300000 > "$OUT/run.txt"
head -c 16384 "$B/opac.bin" > "$OUT/opac.bin"
snap
