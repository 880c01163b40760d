#!/bin/sh
# What a user pasted for a slow 2-rank run: ompi_info (first lines), ulimit -a and one /usr/bin/time line.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/tsunami.c" -o "$B/tsunami" -lm
{ echo "\$ ompi_info | head -40"; ompi_info 2>&1 | head -40; } > "$OUT/ompi_info.txt"
{ echo "\$ ulimit -a"; sh -c 'ulimit -a' 2>&1; } > "$OUT/ulimit.txt"
(cd "$B" && /usr/bin/time -f 'elapsed=%e user=%U sys=%S' -o "$OUT/time.txt" mpirun --allow-run-as-root --oversubscribe -np 2 ./tsunami 200000 15 > /dev/null 2>&1)
snap
