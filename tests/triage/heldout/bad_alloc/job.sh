#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

ulimit -v 300000
cat > big.cpp <<'EOF'
#include <iostream>
#include <vector>
int main() {
  std::cout << "allocating matrix" << std::endl;
  std::vector<double> m(size_t(1) << 30);
  std::cout << m.size() << std::endl;
}
EOF
g++ -O0 -o big big.cpp
./big
