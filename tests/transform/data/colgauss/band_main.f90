program main
  use colsolve
  implicit none
  integer :: n, i
  real(dp), allocatable :: a(:, :), b(:)
  character(len=16) :: arg
  n = 200
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n, n), b(n))
  a = 0.0_dp
  do i = 1, n
    a(i, i) = 4.0_dp + mod(i, 3) * 0.5_dp
    if (i > 1) a(i, i - 1) = -1.0_dp
    if (i < n) a(i, i + 1) = -1.0_dp - mod(i, 2) * 0.25_dp
    b(i) = sin(0.1_dp * i)
  end do
  call lu_solve(n, a, b)
  do i = 1, n, n / 10
    print '(a, i0, a, es22.14)', 'x(', i, ') = ', b(i)
  end do
end program main
