! Tabulates a damped wave: every point recomputes the time-only damping factor.
program wave
  use physics
  implicit none
  integer :: i, it, nx, nt
  real(dp) :: t, total
  real(dp), allocatable :: u(:)
  nx = 20000
  nt = 40
  allocate(u(nx))
  u = 0.0_dp
  do it = 1, nt
    t = 0.01_dp * it
    do i = 1, nx
      u(i) = u(i) + damp(t) * shape(real(i, dp) / nx)
    end do
  end do
  total = sum(u)
  print '(a, es22.14)', 'total ', total
  do it = 1, 3
    do i = 1, 4
      gamma = gamma + 0.001_dp
      u(i) = u(i) + damp(0.5_dp)
    end do
  end do
  do i = 1, 4
    u(i) = u(i) + damp(real(i, dp)) + noisy(0.5_dp)
  end do
  print '(a, es22.14)', 'check ', sum(u(1:4))
end program wave
