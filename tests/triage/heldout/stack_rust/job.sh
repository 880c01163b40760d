#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > walk.rs <<'EOF'
fn depth(n: u64) -> u64 {
    let frame = [n; 256];
    if n > 1_000_000_000 { frame[3] } else { depth(n + 1) + frame[(n % 7) as usize] }
}
fn main() {
    println!("walking tree");
    println!("{}", depth(0));
}
EOF
rustc -C opt-level=0 walk.rs -o walk
./walk
