#!/bin/bash
# other forms of the machine/toolchain fact sheets users paste (real outputs here)
set -eu
D=$(cd "$(dirname "$0")" && pwd)
getconf -a | grep -i cache > "$D/getconf-cache.txt"
{ echo '$ getconf -a | grep -E "NPROC|PAGE"'; getconf -a | grep -E "NPROC|PAGE"; } > "$D/getconf-nproc-page.txt"
lscpu | grep -i cache > "$D/lscpu-grep-cache.txt"
lscpu --caches=NAME,ONE-SIZE,LEVEL > "$D/lscpu-caches-cols.txt"
lscpu -C -J > "$D/lscpu-caches.json"
ompi_info --parsable > "$D/ompi_info-parsable.txt" 2>&1
ompi_info --version > "$D/ompi_info-version.txt" 2>&1
mpirun --version > "$D/mpirun-version.txt" 2>&1
gcc -O3 -Q --help=optimizers > "$D/gcc-O3-optimizers.txt"
gcc -march=native -Q --help=target > "$D/gcc-target.txt"
gfortran --version > "$D/gfortran-version.txt"
gcc -v > "$D/gcc-v.txt" 2>&1
ompi_info --param btl all > "$D/ompi_info-param-btl.txt" 2>&1
ompi_info --param pml all --level 9 > "$D/ompi_info-param-pml-l9.txt" 2>&1
ompi_info | grep -E "MCA (btl|pml)" > "$D/ompi_info-grep-btl-pml.txt"
gcc -O2 -Q --help=optimizers | grep enabled > "$D/gcc-O2-enabled.txt"
{ echo "$ gcc -O2 -Q --help=optimizers"; gcc -O2 -Q --help=optimizers; } > "$D/gcc-O2-with-command.txt"
