#!/bin/sh
# Photolysis columns as the user reports them: the environment of the job shell (env | sort, saved by the
# job script), nproc, the program's lines, and /usr/bin/time -v of the same run in that environment.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/photo.c" -o "$B/photo" -lm
set -- HOME=/home/chem01 USER=chem01 SHELL=/bin/bash LANG=C.UTF-8 PATH=/opt/chem/3.2/bin:/usr/local/bin:/usr/bin:/bin \
  LD_LIBRARY_PATH=/opt/chem/3.2/lib MODULEPATH=/opt/site/modulefiles LOADEDMODULES=gcc/12.2:openmpi/4.1:chem-env/3.2 \
  OMP_NUM_THREADS=2 OMP_PROC_BIND=spread OMP_PLACES=cores OMP_STACKSIZE=256M OMP_THREAD_LIMIT=1 \
  CHEM_DATA=/data/chem/v3 SLURM_JOB_ID=884213 SLURM_CPUS_PER_TASK=2 SLURM_NTASKS=1 TMPDIR=/scratch/chem01/tmp
{ echo "\$ env | sort"; envdump "$@"; } > "$OUT/env.txt"
{ show nproc; echo "\$ ./photo"; (cd "$B" && env "$@" PATH="$PATH" ./photo); } > "$OUT/run.txt" 2>&1
{ echo "\$ /usr/bin/time -v ./photo"; timev "$B/tv.txt" env "$@" PATH="$PATH" ./photo > /dev/null; cat "$B/tv.txt"; } > "$OUT/time-v.txt" 2>&1
snap
