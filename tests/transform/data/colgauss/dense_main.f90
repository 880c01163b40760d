program main
  use colsolve
  implicit none
  integer :: n, i, j
  real(dp), allocatable :: a(:, :), b(:)
  character(len=16) :: arg
  n = 200
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n, n), b(n))
  do j = 1, n
    do i = 1, n
      a(i, j) = merge(2.0_dp * n, 0.0_dp, i == j) + mod(i * 7 + j * 3, 11) * 0.1_dp
    end do
    b(j) = sin(0.1_dp * j)
  end do
  call lu_solve(n, a, b)
  do i = 1, n, n / 10
    print '(a, i0, a, es22.14)', 'x(', i, ') = ', b(i)
  end do
end program main
