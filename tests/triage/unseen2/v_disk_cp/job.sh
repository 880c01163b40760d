#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

mkdir -p out
head -c 3000000 /dev/zero > big.dat
unshare -m sh -c 'mount -t tmpfs -o size=1m scratch out && cp big.dat out/big.dat'
