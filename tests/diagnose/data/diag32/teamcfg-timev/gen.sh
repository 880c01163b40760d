#!/bin/bash
# OMP_NUM_THREADS=2 while the program's config file says "threads 1" (omp_set_num_threads):
# OMP_DISPLAY_ENV beside the printout (team=1), and /usr/bin/time -v of the same run
. "$(dirname "$0")/../_lib.sh"
SRC=$HERE/../_src
gcc -O2 -fopenmp -o "$B/teamcfg" "$SRC/teamcfg.c"
snap
cd "$B"
echo "threads 1" > team.cfg
export OMP_NUM_THREADS=2
{ echo "\$ OMP_DISPLAY_ENV=true ./teamcfg 4000000 100"; OMP_DISPLAY_ENV=true ./teamcfg 4000000 100 2>&1; } > "$D/run.txt"
/usr/bin/time -v ./teamcfg 4000000 100 > /dev/null 2> "$D/time-v.txt"
cp team.cfg "$D/team.cfg"
