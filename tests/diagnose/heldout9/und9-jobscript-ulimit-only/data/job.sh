#!/bin/bash
#SBATCH -N 1
#SBATCH -c 2
#SBATCH -t 00:10:00
module load gcc
export OMP_NUM_THREADS=2
export OMP_PLACES=cores
export OMP_PROC_BIND=close
ulimit -s unlimited
./costsort 40000
