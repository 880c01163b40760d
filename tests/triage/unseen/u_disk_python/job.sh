#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

mkdir -p results
unshare -m sh -c 'mount -t tmpfs -o size=1m scratch results && python3 -c "
with open(\"results/state.bin\", \"wb\") as f:
    for i in range(100):
        f.write(b\"x\" * 65536)
"'
