! loadcases: displacements of NRHS load cases through a triangular factor of order N.
! usage: loadcases N NRHS
program loadcases
  use system
  use trisolv_mod
  implicit none
  integer :: n, nrhs, r, i
  character(len=32) :: arg
  real(dp), allocatable :: L(:, :), b(:, :), x(:, :)
  real(dp) :: t0, t1, s, sa, sw, res, rmax
  integer(kind=8) :: c0, c1, rate

  n = 1200
  nrhs = 64
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrhs
  end if

  allocate (L(n, n), b(n, nrhs), x(n, nrhs))
  call init_factor(n, L)
  call init_loads(n, nrhs, b)

  call system_clock(c0, rate)
  call cpu_time(t0)
  call solve_all(n, nrhs, L, b, x)
  call cpu_time(t1)
  call system_clock(c1)

  write (*, '(a,i6,a,i5)') ' order ', n, '   load cases ', nrhs
  do r = 1, nrhs, max(1, nrhs / 4)
    s = 0.0_dp
    sa = 0.0_dp
    do i = 1, n
      s = s + x(i, r)
      sa = sa + abs(x(i, r))
    end do
    write (*, '(a,i5,a,es19.11,a,es19.11)') ' case ', r, '  sum ', s, '  abs ', sa
  end do
  sw = 0.0_dp
  do r = 1, nrhs
    do i = 1, n
      sw = sw + x(i, r) * real(mod(i + r, 13) + 1, dp)
    end do
  end do
  write (*, '(a,es19.11)') ' weighted sum ', sw
  write (*, '(a,3es19.11)') ' x(1,1) x(n,1) x(n,nrhs) ', x(1, 1), x(n, 1), x(n, nrhs)
  ! residual of the last case, |L x - b| / |b|
  rmax = 0.0_dp
  do i = 1, n
    res = dot_product(L(i, 1:i), x(1:i, nrhs)) - b(i, nrhs)
    rmax = max(rmax, abs(res))
  end do
  if (rmax / maxval(abs(b(:, nrhs))) < 1.0e-12_dp) then
    write (*, '(a)') ' residual check: passed'
  else
    write (*, '(a,es10.2)') ' residual check: FAILED ', rmax / maxval(abs(b(:, nrhs)))
  end if
  write (*, '(a,f10.4,a,f10.4,a)') ' solve: ', t1 - t0, ' s cpu  ', &
    real(c1 - c0, dp) / real(rate, dp), ' s wall'
end program loadcases
