#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=500M
#SBATCH --time=5

cat > oob.f90 <<'EOF'
program oob
  implicit none
  integer, allocatable :: a(:)
  integer :: i
  allocate(a(10))
  print *, 'filling'
  do i = 1, 100000000
    a(i * 1000) = i
  end do
  print *, a(1)
end program oob
EOF
gfortran -O0 -g -o oob oob.f90
./oob
