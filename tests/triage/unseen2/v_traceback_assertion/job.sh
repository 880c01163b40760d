#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > physics.py <<'EOF'
def density(mass, volume):
    rho = mass / volume
    assert rho > 0, "negative density"
    return rho

print("computing densities")
for m, v in [(1.0, 2.0), (-3.0, 1.0)]:
    print(density(m, v))
EOF
python3 physics.py
