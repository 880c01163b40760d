! Weighted sums in real(10) (x87 extended precision) over in-cache arrays, repeated.
program ext_sum
  implicit none
  integer, parameter :: ep = selected_real_kind(18)
  integer, parameter :: n = 8192
  real(ep) :: a(n), w(n), s
  integer :: i, r, reps
  integer(8) :: c0, c1, rate
  reps = 30000
  do i = 1, n
    a(i) = 1.0_ep / i
    w(i) = mod(i, 7) * 0.25_ep
  end do
  s = 0
  call system_clock(c0, rate)
  do r = 1, reps
    do i = 1, n
      s = s + w(i) * a(i) * a(i)
    end do
    a(mod(r, n) + 1) = a(mod(r, n) + 1) + 1.0e-19_ep
  end do
  call system_clock(c1)
  print '(a,f8.3,a)', 'elapsed: ', real(c1 - c0) / rate, ' s'
  print '(a,f8.3)', 'GFLOP/s: ', 3.0 * n * reps / (real(c1 - c0) / rate) / 1e9
  print *, 'sum =', real(s)
end program ext_sum
