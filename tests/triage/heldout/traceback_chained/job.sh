#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > resume.py <<'EOF'
class CheckpointError(RuntimeError):
    pass

def open_checkpoint(path):
    try:
        return open(path, "rb")
    except FileNotFoundError as exc:
        raise CheckpointError(f"could not open checkpoint {path}") from exc

def main():
    print("resuming from step 4000")
    with open_checkpoint("ckpt/step-4000.pt") as f:
        print(len(f.read()))

main()
EOF
python3 resume.py
