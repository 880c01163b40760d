#!/bin/sh
# What a user handed over: hyperfine --export-json of the production binary (one command, no parameters) and a note.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/comet.c" -o "$B/propagate" -lm
(cd "$B" && hyperfine --runs 5 --warmup 1 --export-json "$B/h.json" './propagate' > /dev/null 2>&1)
sed -e "s|$B/||g" "$B/h.json" > "$OUT/hyperfine.json"
echo "Timing of ./propagate attached (hyperfine JSON). Is this good or can it go faster?" > "$OUT/note.txt"
snap
