#!/bin/bash
# the same program at sizes whose three matrices stay in the caches (0.04-0.6 MB)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -o "$B/mmrate" "$SRC/mmrate.c"
snap
cd "$B"
{ for n in 40 80 160; do for r in 1 2 3; do echo "\$ ./mmrate $n"; ./mmrate $n; done; done; } > "$D/run.txt" 2>&1
