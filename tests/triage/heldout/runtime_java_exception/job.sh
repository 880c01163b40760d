#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cat > Job.java <<'EOF'
public class Job {
    static int parse(String s) {
        if (s.isEmpty()) throw new IllegalArgumentException("empty sample id");
        return s.length();
    }
    public static void main(String[] args) {
        System.out.println("loading samples");
        System.out.println(parse(""));
    }
}
EOF
javac Job.java
java Job
