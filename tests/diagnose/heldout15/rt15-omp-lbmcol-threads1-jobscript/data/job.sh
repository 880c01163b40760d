### job script (job.sh)
#!/bin/bash
#SBATCH --job-name=lbm
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:10:00
source ./site-env.sh
export OMP_DISPLAY_ENV=true
/usr/bin/time -v -o time-v.txt ./lbmcol 20000 1500
