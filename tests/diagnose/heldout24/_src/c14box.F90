! c14box.F90: radiocarbon four-box carbon-cycle model (atmosphere, surface ocean, deep ocean, biosphere) integrated with RK4 in real(kind=16) (quad precision, software arithmetic); -DDP uses real(kind=8).
program c14box
  implicit none
#ifdef DP
  integer, parameter :: wp = 8
#else
  integer, parameter :: wp = 16
#endif
  real(wp) :: y(4), k1(4), k2(4), k3(4), k4(4), h
  integer :: n, i
  integer(8) :: c0, c1, rate
  n = 400000
  h = 0.05_wp
  y = [1.0_wp, 0.95_wp, 0.85_wp, 0.9_wp]
  call system_clock(c0, rate)
  do i = 1, n
    call rhs(y, k1)
    call rhs(y + 0.5_wp * h * k1, k2)
    call rhs(y + 0.5_wp * h * k2, k3)
    call rhs(y + h * k3, k4)
    y = y + h / 6.0_wp * (k1 + 2.0_wp * k2 + 2.0_wp * k3 + k4)
  end do
  call system_clock(c1)
  write(*, '(a,i2,a,i7,a,f8.3,a,f8.1,a,4f12.8)') 'c14box: kind=', wp, ' steps=', n, ' time=', dble(c1 - c0) / rate, &
    ' s  ns/step=', 1.0d9 * dble(c1 - c0) / rate / n, '  y=', real(y, 8)
contains
  subroutine rhs(y, f)
    real(wp), intent(in) :: y(4)
    real(wp), intent(out) :: f(4)
    real(wp), parameter :: lam = 1.0_wp / 8267.0_wp
    f(1) = 0.12_wp * (y(2) - y(1)) + 0.03_wp * (y(4) - y(1)) - lam * y(1) + lam
    f(2) = 0.12_wp * (y(1) - y(2)) + 0.002_wp * (y(3) - y(2)) - lam * y(2)
    f(3) = 0.0005_wp * (y(2) - y(3)) - lam * y(3)
    f(4) = 0.03_wp * (y(1) - y(4)) - lam * y(4)
  end subroutine rhs
end program c14box
