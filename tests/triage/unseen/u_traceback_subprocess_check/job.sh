#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > pipeline.py <<'EOF'
import subprocess

def convert(mesh):
    subprocess.run(["false", mesh], check=True)

print("converting meshes")
convert("wing.msh")
EOF
python3 pipeline.py
