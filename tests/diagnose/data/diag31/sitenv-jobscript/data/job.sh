#!/bin/bash
#SBATCH --job-name=raysum
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:05:00
#SBATCH --output=job.out
source ./site-env.sh
export OMP_DISPLAY_ENV=true
/usr/bin/time -v -o time-v.txt ./raysum 3000 30000
