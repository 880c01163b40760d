#!/bin/sh
# What a user pasted: ms_print of a massif run of their program (an unnamed build of snowpack -DREUSE), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -DREUSE "$SRC/snowpack.c" -o "$B/settle"
(cd "$B" && valgrind --tool=massif --massif-out-file=massif.out ./settle 2 > /dev/null 2>&1)
{ echo "\$ ms_print massif.out"; msprint massif.out 60; } > "$OUT/ms_print.txt"
echo "memory profile of our settling code, it is too slow on the big case" > "$OUT/note.txt"
snap
