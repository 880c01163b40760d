#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour"
echo "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed."
echo "Successfully installed mylib-1.2"
python3 -c 'print("analysis done")'
