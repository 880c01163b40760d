#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

python3 -c '
import sys
for i in range(101):
    sys.stderr.write(f"\rpreprocessing {i}%")
sys.stderr.write("\n")
'
echo "found wrong input deck; stopping"
scancel "$SLURM_JOB_ID"
sleep 60
