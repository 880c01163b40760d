#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=1

# carriage-return progress with no newline, then the job runs out of time mid-line
python3 -u -c '
import sys, time
for i in range(100000):
    sys.stdout.write(f"\rsampling chain 1: {i} draws  acceptance 0.{i % 97:02d}")
    sys.stdout.flush()
    time.sleep(0.05)
'
