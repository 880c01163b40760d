#!/bin/bash
#SBATCH -n 2
#SBATCH --mem=800M
#SBATCH --time=5
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

mpirun.openmpi -n 8 hostname
