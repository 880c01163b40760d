#!/bin/sh
# What a user pasted: valgrind massif and ms_print of the template correlation (heap use), nothing about time.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/dotchain.c" -o "$B/dotchain"
(cd "$B" && valgrind --tool=massif --massif-out-file=ms.out ./dotchain 3 > /dev/null 2>&1)
{ echo "\$ ms_print massif.out"; ms_print "$B/ms.out" 2> /dev/null | clean | head -60; } > "$OUT/ms_print.txt"
snap
