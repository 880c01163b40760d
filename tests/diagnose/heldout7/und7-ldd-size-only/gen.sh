#!/bin/sh
# Only what a user can say about the binary: file, ldd and size of the MPI particle program.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/clustered.c" -o "$B/particles" -lm
(cd "$B" && file particles && ldd particles | sed 's/ (0x[0-9a-f]*)//' && size particles) > "$OUT/binary-info.txt"
snap
