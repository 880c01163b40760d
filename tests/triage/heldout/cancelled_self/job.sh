#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

for i in $(seq 1 20); do echo "stage $i"; done
echo "input check failed, cancelling the job"
scancel "$SLURM_JOB_ID"
sleep 60
