! fredholm: flux profiles of the screened transport model for a set of line sources
! usage: fredholm [n=800] [sources=8]
program fredholm
  use precision
  use nystrom
  use gauss
  implicit none
  integer :: n, nrhs, info, s, i
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  real(dp), allocatable :: x(:), a(:, :), f(:, :)
  real(dp) :: total, peak
  integer :: ipeak

  n = 800
  nrhs = 8
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrhs
  end if
  allocate (x(n), a(n, n), f(n, nrhs))
  call assemble(n, 0.9_dp, 0.25_dp, x, a)
  call sources(n, nrhs, x, f)

  call system_clock(c0, rate)
  call gauss_solve(n, nrhs, a, f, info)
  call system_clock(c1)
  if (info /= 0) then
    print '(a, i0)', 'singular system at column ', info
    stop 1
  end if

  print '(a, i0, a, i0, a)', 'fredholm: ', n, ' nodes, ', nrhs, ' sources'
  print '(a, f10.4, a)', 'solve wall time ', real(c1 - c0, dp) / real(rate, dp), ' s'
  do s = 1, nrhs
    total = 0.0_dp
    do i = 1, n
      total = total + f(i, s)
    end do
    total = total / real(n, dp)
    ipeak = maxloc(f(:, s), 1)
    peak = f(ipeak, s)
    print '(a, i3, a, es16.9, a, es16.9, a, f7.4)', 'source', s, ': mean flux', total, &
          '  peak', peak, ' at x =', x(ipeak)
  end do
end program fredholm
