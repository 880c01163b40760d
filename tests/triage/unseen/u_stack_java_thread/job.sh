#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cat > Walk.java <<'EOF'
public class Walk {
    static long down(long n) { return down(n + 1) + 1; }
    public static void main(String[] a) throws Exception {
        Thread t = new Thread(null, () -> System.out.println(down(0)), "worker", 256 * 1024);
        t.start();
        t.join();
        System.exit(1);
    }
}
EOF
javac Walk.java
java Walk
