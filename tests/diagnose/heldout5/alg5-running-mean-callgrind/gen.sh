#!/bin/sh
# The same running mean, as a user who only ran callgrind at two sizes (n = 3000 and 6000) hands it over.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/runavg.c" -o "$B/ra"
cgrind ./ra 3000 > "$OUT/callgrind-n3000.txt"
cgrind ./ra 6000 > "$OUT/callgrind-n6000.txt"
snap
