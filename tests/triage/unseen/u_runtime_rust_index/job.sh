#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > idx.rs <<'EOF'
fn main() {
    let cells = vec![1.0f64; 8];
    let k = std::env::args().count() + 9;
    println!("cell {}", cells[k]);
}
EOF
rustc -C opt-level=0 idx.rs -o idx
./idx
