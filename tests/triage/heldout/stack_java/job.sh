#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cat > Tree.java <<'EOF'
public class Tree {
    static int visit(int n) { return n < 0 ? 0 : visit(n + 1) + 1; }
    public static void main(String[] args) {
        System.out.println("visiting nodes");
        System.out.println(visit(0));
    }
}
EOF
javac Tree.java
java -Xss512k Tree
