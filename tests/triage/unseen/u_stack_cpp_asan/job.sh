#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

ulimit -s 4096
cat > tree.cpp <<'EOF'
#include <iostream>
#include <vector>
long visit(long n) { std::vector<char> v(1); char pad[1024]; pad[0] = (char)n; return n > 100000000 ? pad[0] : visit(n + 1) + pad[0] + v[0]; }
int main() { std::cout << "visiting" << std::endl; return visit(0) == 3; }
EOF
g++ -O0 -g -fsanitize=address -o tree tree.cpp
./tree
