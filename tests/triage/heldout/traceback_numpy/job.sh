#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > prep.py <<'EOF'
import numpy as np

def to_grid(values, nx, ny):
    return np.asarray(values).reshape(nx, ny)

def main():
    data = np.arange(1000, dtype=float)
    print("loaded", data.size, "values")
    grid = to_grid(data, 32, 32)
    print(grid.mean())

main()
EOF
python3 prep.py
