#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=1G
#SBATCH --time=5

ulimit -s 2048
cat > deep.f90 <<'EOF'
program deep
  implicit none
  print *, 'solving'
  print *, f(1)
contains
  recursive function f(n) result(r)
    integer, intent(in) :: n
    integer :: r
    real :: work(1000)
    work = real(n)
    if (n > 100000000) then
      r = int(work(1))
    else
      r = f(n + 1) + int(work(2) - work(1))
    end if
  end function f
end program deep
EOF
gfortran -g -fno-backtrace -fsanitize=address -o deep deep.f90
./deep
