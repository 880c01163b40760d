#!/bin/sh
# Synthetic seismograms sent sample by sample (one 8-byte MPI_Send each) from rank 1 to rank 0: the
# per-rank table, and ltrace -c of each rank under mpirun (20 receivers).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/seisgram.c" -o "$B/seisgram" -lm
{ echo "\$ mpirun -np 2 ./seisgram 200 1000"; mpi -np 2 ./seisgram 200 1000 2>&1; } > "$OUT/run.txt"
mpi -np 2 sh -c 'ltrace -c -l "libmpi.so*" -o ltrace.$OMPI_COMM_WORLD_RANK.txt ./seisgram 20 1000' > /dev/null 2>&1 || true
{ for r in 0 1; do echo "\$ mpirun -np 2 ltrace -c -l 'libmpi.so*' ./seisgram 20 1000   # rank $r"; head -25 "$B/ltrace.$r.txt" 2> /dev/null; echo; done; } > "$OUT/ltrace-c.txt"
snap
