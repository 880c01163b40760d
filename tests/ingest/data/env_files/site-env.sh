# site defaults, sourced by every job script of the group
export OMP_NUM_THREADS=1
export OMP_THREAD_LIMIT=1
module load gcc
