#!/bin/bash
# two ranks print their push time, their exchange time and how many 48-byte messages they sent
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/tinymsg" "$SRC/tinymsg.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./tinymsg 20000 10"; mpirun --allow-run-as-root --oversubscribe -np 2 ./tinymsg 20000 10; } > "$D/run.txt" 2>&1
