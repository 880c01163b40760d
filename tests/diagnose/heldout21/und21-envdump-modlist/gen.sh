#!/bin/sh
# What a user handed over: the job's environment (env | sort), `module list`, the elapsed time of the job
# this month and in spring, and a note. Nothing in it was measured on the program itself.
. "$(dirname "$0")/../_lib.sh"
{ echo "\$ env | sort"; envdump HOME=/home/hydro07 USER=hydro07 SHELL=/bin/bash LANG=C.UTF-8 PATH=/opt/hydro/2.4/bin:/usr/local/bin:/usr/bin:/bin \
  LD_LIBRARY_PATH=/opt/hydro/2.4/lib MODULEPATH=/opt/site/modulefiles LOADEDMODULES=gcc/12.2:openmpi/4.1:hydro/2.4 \
  OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores SLURM_JOB_ID=902117 SLURM_CPUS_PER_TASK=2 SLURM_NTASKS=1 TMPDIR=/scratch/hydro07/tmp; } > "$OUT/env.txt"
cat > "$OUT/module-list.txt" <<'MOD'
$ module list

Currently Loaded Modules:
  1) gcc/12.2   2) openmpi/4.1   3) hydro/2.4

MOD
cat > "$OUT/note.txt" <<'NOTE'
The river routing job took 41 min in April and takes 50 min now (same input, same node type).
Environment and modules of the current job attached. What is wrong?
NOTE
snap
