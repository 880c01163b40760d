#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

printf '{"mesh": "box.msh", "steps": 10,\n' > config.json
cat > run_case.py <<'EOF'
import json

def load_config(path):
    with open(path) as f:
        return json.load(f)

def main():
    print("reading config.json")
    cfg = load_config("config.json")
    print(cfg["mesh"])

if __name__ == "__main__":
    main()
EOF
python3 run_case.py
