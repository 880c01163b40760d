program heat
  use grid
  implicit none
  integer, parameter :: n = 400
  real(8), allocatable :: u(:, :), v(:, :)
  integer :: it, c0, c1, rate
  allocate(u(n, n), v(n, n))
  u = 0d0
  u(1, :) = 1d0
  v = u
  call system_clock(c0, rate)
  do it = 1, 100
    call sweep(u, v, n)
    call sweep(v, u, n)
  end do
  call system_clock(c1)
  print '(a,i0)', 'grid ', n
  print '(a,f10.4,a)', 'time: ', real(c1 - c0, 8) / rate, ' s'
  print '(a,es20.12)', 'checksum = ', sum(u)
end program heat
