#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cat > Init.java <<'EOF'
public class Init {
    static int depth(int n) { return depth(n + 1) + 1; }
    static final int TABLE = depth(0);
    public static void main(String[] a) { System.out.println(TABLE); }
}
EOF
javac Init.java
java -Xss256k Init
