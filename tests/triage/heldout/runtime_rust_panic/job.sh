#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > load.rs <<'EOF'
fn main() {
    println!("opening input");
    let text = std::fs::read_to_string("input/params.toml").unwrap();
    println!("{}", text.len());
}
EOF
rustc -C opt-level=0 load.rs -o load
./load
