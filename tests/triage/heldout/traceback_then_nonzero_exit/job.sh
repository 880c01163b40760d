#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > fit.py <<'EOF'
import json

DEFAULTS = {"epochs": 3, "batch": 32}

def read_params(extra):
    params = dict(DEFAULTS, **extra)
    return params["learning_rate"] * params["batch"]

def main():
    print("fitting model with", json.dumps(DEFAULTS))
    scale = read_params({"momentum": 0.9})
    print("scale", scale)

main()
EOF
python3 fit.py
status=$?
echo "post-processing skipped (fit exited with $status)"
echo "cleaning scratch"
exit 2
