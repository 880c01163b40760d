#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > t.rs <<'EOF'
fn depth(n: u64) -> u64 { let pad = [n; 512]; if n > 1_000_000_000 { pad[1] } else { depth(n + 1) + pad[(n % 5) as usize] } }
fn main() {
    println!("spawning solver thread");
    let h = std::thread::Builder::new().stack_size(256 * 1024).spawn(|| depth(0)).unwrap();
    println!("{}", h.join().unwrap());
}
EOF
rustc -C opt-level=0 t.rs -o t
./t
