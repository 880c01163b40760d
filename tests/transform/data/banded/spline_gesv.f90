! Natural cubic spline: the tridiagonal system for the second derivatives assembled into a
! full matrix and solved with LAPACK's dense dgesv.
program spline_gesv
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: n, i, j, info, nargs
  character(len=32) :: arg
  real(dp), allocatable :: x(:), y(:), a(:, :), m(:)
  integer, allocatable :: ipiv(:)
  real(dp) :: h0, h1, s, h, u, v
  external :: dgesv
  n = 300
  nargs = command_argument_count()
  if (nargs > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (x(n), y(n), a(n, n), m(n), ipiv(n))
  do i = 1, n
    x(i) = (i - 1) * 0.05_dp + 0.01_dp * sin(real(i, dp))
    y(i) = sin(x(i)) + 0.3_dp * cos(3.0_dp * x(i))
  end do
  a = 0.0_dp
  a(1, 1) = 1.0_dp
  a(n, n) = 1.0_dp
  m(1) = 0.0_dp
  m(n) = 0.0_dp
  do i = 2, n - 1
    h0 = x(i) - x(i - 1)
    h1 = x(i + 1) - x(i)
    a(i, i - 1) = h0
    a(i, i) = 2.0_dp * (h0 + h1)
    a(i, i + 1) = h1
    m(i) = 6.0_dp * ((y(i + 1) - y(i)) / h1 - (y(i) - y(i - 1)) / h0)
  end do
  call dgesv(n, 1, a, n, ipiv, m, n, info)
  if (info /= 0) stop 1
  do j = 1, 10
    i = 1 + (j - 1) * (n - 2) / 10
    h = x(i + 1) - x(i)
    u = 0.3_dp
    v = 1.0_dp - u
    s = v * y(i) + u * y(i + 1) + ((v**3 - v) * m(i) + (u**3 - u) * m(i + 1)) * h * h / 6.0_dp
    print '(a, i0, a, es20.12)', 's(', i, ') = ', s
  end do
end program spline_gesv
