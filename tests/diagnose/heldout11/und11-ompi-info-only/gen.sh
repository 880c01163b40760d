#!/bin/sh
# Only the MPI installation: mpirun --version and the btl/pml components ompi_info lists (disc.cpp job).
. "$(dirname "$0")/../_lib.sh"
show mpirun --version > "$OUT/mpirun-version.txt"
{ echo "\$ ompi_info | grep -E 'MCA (btl|pml)'"; ompi_info | grep -E 'MCA (btl|pml)'; } > "$OUT/ompi_info-btl-pml.txt"
snap
