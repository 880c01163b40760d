#!/bin/sh
#SBATCH -c 2
export OMP_NUM_THREADS=2
export OMP_DYNAMIC=true
./relax 4000000 40
