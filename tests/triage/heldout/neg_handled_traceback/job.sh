#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > robust.py <<'EOF'
import traceback

def solve(batch):
    if batch > 64:
        raise MemoryError(f"batch {batch} does not fit")
    return batch * 2

def main():
    for batch in (128, 64):
        try:
            print("result", solve(batch))
            break
        except MemoryError:
            traceback.print_exc()
            print(f"retrying with a smaller batch than {batch}")
    print("done")

main()
EOF
python3 robust.py
