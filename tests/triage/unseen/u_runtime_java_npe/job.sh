#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

cat > Report.java <<'EOF'
public class Report {
    static String title;
    public static void main(String[] args) {
        System.out.println("writing report");
        System.out.println(title.length());
    }
}
EOF
javac Report.java
java Report
