#!/bin/sh
# Ozone advection update: the program's lines at 1 and 2 threads (twice each), likwid-bench stream on
# one and on both cores, nproc, and the user's note on what cannot change.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/ozone.f90" -o "$B/ozone"
{ show nproc; for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./ozone"; (cd "$B" && OMP_NUM_THREADS=$t ./ozone); done; } > "$OUT/run.txt" 2>&1
{ for w in S0:1GB:1 S0:1GB:2; do echo "\$ likwid-bench -t stream -w $w"; likwid-bench -t stream -w $w 2>&1 | grep -E 'Time|MByte/s|Number of Threads|Cycles' | head -8; done; } > "$OUT/likwid-stream.txt"
cat > "$OUT/note.txt" <<'NOTE'
The ozone update is our hottest kernel. Constraints from the project: the fields must stay double
precision (results are checked bit-for-bit against the operational model), and the job gets one
2-core node, no more. How do we make this loop faster?
NOTE
snap
