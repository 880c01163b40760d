#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

for attempt in 1 2; do
  echo "ERROR: connection to license server refused (attempt $attempt/3), retrying in 1 s" >&2
  sleep 1
done
echo "license acquired on attempt 3"
echo "simulation finished normally"
