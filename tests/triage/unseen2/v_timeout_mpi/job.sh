#!/bin/bash
#SBATCH -n 2
#SBATCH --mem=800M
#SBATCH --time=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

mpirun.openmpi -n 2 sh -c 'echo "rank up"; sleep 600'
