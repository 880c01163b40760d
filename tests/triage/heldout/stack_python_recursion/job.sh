#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > parse.py <<'EOF'
def nest(depth):
    return [nest(depth + 1)]

print("parsing nested input")
nest(0)
EOF
python3 parse.py
