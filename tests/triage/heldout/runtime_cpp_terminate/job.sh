#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > mesh.cpp <<'EOF'
#include <iostream>
#include <stdexcept>
int main() {
  std::cout << "reading mesh" << std::endl;
  throw std::runtime_error("mesh file has 0 cells");
}
EOF
g++ -O0 -o mesh mesh.cpp
./mesh
