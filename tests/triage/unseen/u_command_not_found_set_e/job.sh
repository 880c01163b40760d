#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

set -e
echo "preparing run directory"
mpirun_wrapper -n 4 ./solver
echo "not reached"
