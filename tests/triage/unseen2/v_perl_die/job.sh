#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

echo "converting input"
perl -e 'open(my $fh, "<", "input.dat") or die "cannot open input.dat: $!\n"; print <$fh>;'
