#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=1

python3 -u -c '
import sys, time
for i in range(100000):
    sys.stderr.write(f"\r\x1b[32mrendering frame {i:6d}\x1b[0m \x1b[2m({i % 60} fps)\x1b[0m")
    sys.stderr.flush()
    time.sleep(0.05)
'
