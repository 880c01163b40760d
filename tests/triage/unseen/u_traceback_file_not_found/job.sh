#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > load.py <<'EOF'
import csv

def rows(path):
    with open(path) as f:
        return list(csv.reader(f))

print("loading training data")
print(len(rows("data/train.csv")))
EOF
python3 load.py
