program main
  use colsolve
  implicit none
  integer, parameter :: m = 3
  integer :: n, i, j
  real(dp), allocatable :: a(:, :), b(:, :)
  character(len=16) :: arg
  n = 200
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n, n), b(n, m))
  do j = 1, n
    do i = 1, n
      a(i, j) = merge(2.0_dp * n, 0.0_dp, i == j) + mod(i * 5 + j * 9, 13) * 0.1_dp
    end do
  end do
  do j = 1, m
    do i = 1, n
      b(i, j) = cos(0.05_dp * i * j)
    end do
  end do
  call lu_solve(n, m, a, b)
  do j = 1, m
    do i = 1, n, n / 5
      print '(a, i0, a, i0, a, es22.14)', 'x(', i, ',', j, ') = ', b(i, j)
    end do
  end do
end program main
