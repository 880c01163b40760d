! gauss: static response of the group's coupled plant model for a set of load cases
program gauss
  use blas1
  use linpack
  use plant
  implicit none
  integer :: n, nrhs, info, r, i, lda
  real(dp), allocatable :: a(:, :), a0(:, :), b(:, :), b0(:, :)
  real(dp) :: norma, resid, normx, eps, worst, ops, s, w, errmax
  real(dp) :: c0, c1
  integer(8) :: t0, t1, rate
  character(len=32) :: arg
  logical :: ok

  n = 1500
  nrhs = 8
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) nrhs
  end if
  lda = n
  allocate(a(lda, n), a0(lda, n), b(n, nrhs), b0(n, nrhs))
  call matgen(a, lda, n, norma)
  a0 = a
  call loads(a, lda, n, b, n, nrhs)
  b0 = b
  print '(a, i6, a, i4, a)', ' plant model: order', n, ', ', nrhs, ' load cases'

  call cpu_time(c0)
  call system_clock(t0, rate)
  call solve_system(a, lda, n, b, n, nrhs, info)
  call system_clock(t1)
  call cpu_time(c1)
  if (info /= 0) then
    print '(a, i6)', ' singular at column', info
    stop 1
  end if

  eps = epsilon(1.0_dp)
  worst = 0.0_dp
  errmax = 0.0_dp
  do r = 1, nrhs
    call residual(a0, lda, n, b(1, r), b0(1, r), resid, normx)
    worst = max(worst, resid / (n * norma * normx * eps))
    s = 0.0_dp
    w = 0.0_dp
    do i = 1, n
      s = s + b(i, r)
      w = w + b(i, r) * mod(i, 13)
      errmax = max(errmax, abs(b(i, r) - x_true(i, r, n)))
    end do
    print '(a, i3, a, es17.9, a, es17.9)', ' case', r, ': sum x', s, '  weighted', w
  end do
  print '(a, 3es17.9)', ' x(1), x(n/2), x(n) of case 1:', b(1, 1), b(n / 2, 1), b(n, 1)
  ok = worst < 16.0_dp .and. errmax < 1.0e-6_dp
  if (ok) then
    print '(a)', ' residual check: passed (normalised residual below 16, error below 1e-6)'
  else
    print '(a)', ' residual check: FAILED'
  end if
  ops = (2.0_dp * real(n, dp)**3) / 3.0_dp + 2.0_dp * nrhs * real(n, dp)**2
  print '(a, f9.3, a, f9.3, a, f9.1, a)', ' factor+solve:', c1 - c0, ' s cpu', &
       real(t1 - t0, dp) / rate, ' s wall', ops / (real(t1 - t0, dp) / rate) / 1.0e6, ' Mflop/s'
end program gauss
