#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > load_ext.py <<'EOF'
import ctypes

def open_solver():
    return ctypes.CDLL("libnothere.so.3")

print("loading solver")
open_solver()
EOF
python3 load_ext.py
