#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > at.cpp <<'EOF'
#include <vector>
#include <iostream>
int main() { std::vector<int> ids(4); std::cout << "looking up id" << std::endl; return ids.at(10); }
EOF
g++ -O0 -o at at.cpp
./at
