#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > driver.py <<'EOF'
import subprocess, sys
r = subprocess.run([sys.executable, "-c", "raise ValueError('trial 3 diverged')"])
if r.returncode != 0:
    print("trial 3 failed, skipping it")
print("4 of 5 trials done")
EOF
python3 driver.py
