#!/bin/bash
# two MPI ranks with unequal compute, bindings reported, run while two CPU hogs run beside it
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/mpiunequal" "$SRC/mpiunequal.c"
load_on; snap
mpirun --allow-run-as-root --oversubscribe -np 2 --report-bindings "$B/mpiunequal" > "$D/run-output.txt" 2> "$D/bindings.txt"
load_off
