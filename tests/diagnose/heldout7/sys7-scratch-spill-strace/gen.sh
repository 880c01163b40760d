#!/bin/sh
# The same scratch-file filter: its printout and strace -c only.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/spill.c" -o "$B/sp"
(cd "$B" && ./sp 8000000 10 scratch.bin) > "$OUT/filter-output.txt"
(cd "$B" && strace -c -o strace-c.txt ./sp 8000000 10 scratch.bin > /dev/null)
cp "$B/strace-c.txt" "$OUT/strace-c.txt"
snap
