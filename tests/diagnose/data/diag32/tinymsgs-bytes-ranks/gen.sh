#!/bin/bash
# two MPI ranks trading 16-byte records item by item: each rank's line "messages N bytes N
# update T s exchange T s"
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
mpicc -O2 -o "$B/tinymsgs" "$SRC/tinymsgs.c"
snap
cd "$B"
{ echo "\$ mpirun -np 2 ./tinymsgs 20000 10 1"; mpirun --allow-run-as-root --oversubscribe -np 2 ./tinymsgs 20000 10 1 | sort; } > "$D/run.txt" 2>&1
