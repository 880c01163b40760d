#!/bin/sh
# What a user handed over: the binary perf.data of a run (the executables and their symbols not kept) and a note.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/bndsend.c" -o "$B/bndsend" -lm
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./bndsend 300
cp "$B/p.data" "$OUT/perf.data"
echo "perf record of the coupled run attached (perf.data). The coupler step got slow after the last merge; can you tell us why?" > "$OUT/note.txt"
snap
