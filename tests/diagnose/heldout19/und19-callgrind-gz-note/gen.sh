#!/bin/sh
# What a user handed over: their note (two wall times) and callgrind.out.gz of a small run of the ringdown
# scan, gzip-compressed as they stored it.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g "$SRC/ringdown.cpp" -o "$B/ringdown"
(cd "$B" && valgrind --tool=callgrind --callgrind-out-file=callgrind.out ./ringdown 512 20 > /dev/null 2>&1)
gzip -c "$B/callgrind.out" > "$OUT/callgrind.out.gz"
w1=$( (cd "$B" && /usr/bin/time -f '%e' ./ringdown 4096 100 2>&1 > /dev/null) | tail -1)
w2=$( (cd "$B" && /usr/bin/time -f '%e' ./ringdown 4096 150 2>&1 > /dev/null) | tail -1)
printf 'ringdown scan, wall seconds (time ./ringdown):\nbefore the update: %s\nafter the update: %s\nthe profile is in callgrind.out.gz\n' "$w1" "$w2" > "$OUT/note.txt"
snap
