program main
  ! an implicit time loop: the tridiagonal system is zeroed, assembled and solved every step
  use colsolve
  implicit none
  integer :: n, i, step
  real(dp), allocatable :: a(:, :), b(:), u(:)
  character(len=16) :: arg
  n = 200
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (a(n, n), b(n), u(n))
  u = 0.0_dp
  u(n / 2) = 1.0_dp
  do step = 1, 5
    a = 0.0_dp
    do i = 1, n
      a(i, i) = 3.0_dp + mod(i, 3) * 0.5_dp
      if (i > 1) a(i, i - 1) = -1.0_dp
      if (i < n) a(i, i + 1) = -1.0_dp
      b(i) = u(i)
    end do
    call lu_solve(n, a, b)
    u = b
  end do
  do i = 1, n, n / 10
    print '(a, i0, a, es22.14)', 'u(', i, ') = ', u(i)
  end do
end program main
