! Natural cubic spline: the second derivatives solve a tridiagonal system, assembled here
! into a full matrix and solved by Gaussian elimination with partial pivoting.
module spline
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine second_derivatives(n, x, y, m)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n), y(n)
    real(dp), intent(out) :: m(n)
    real(dp), allocatable :: a(:, :), r(:)
    real(dp) :: h0, h1, l, t
    integer :: i, j, k, p
    allocate (a(n, n), r(n))
    a = 0.0_dp
    a(1, 1) = 1.0_dp
    a(n, n) = 1.0_dp
    r(1) = 0.0_dp
    r(n) = 0.0_dp
    do i = 2, n - 1
      h0 = x(i) - x(i - 1)
      h1 = x(i + 1) - x(i)
      a(i, i - 1) = h0
      a(i, i) = 2.0_dp * (h0 + h1)
      a(i, i + 1) = h1
      r(i) = 6.0_dp * ((y(i + 1) - y(i)) / h1 - (y(i) - y(i - 1)) / h0)
    end do
    do k = 1, n - 1
      p = k
      do i = k + 1, n
        if (abs(a(i, k)) > abs(a(p, k))) p = i
      end do
      if (p /= k) then
        do j = 1, n
          t = a(k, j); a(k, j) = a(p, j); a(p, j) = t
        end do
        t = r(k); r(k) = r(p); r(p) = t
      end if
      do i = k + 1, n
        l = a(i, k) / a(k, k)
        do j = k, n
          a(i, j) = a(i, j) - l * a(k, j)
        end do
        r(i) = r(i) - l * r(k)
      end do
    end do
    do i = n, 1, -1
      t = r(i)
      do k = i + 1, n
        t = t - a(i, k) * m(k)
      end do
      m(i) = t / a(i, i)
    end do
    deallocate (a, r)
  end subroutine second_derivatives
end module spline

program main
  use spline
  implicit none
  integer :: n, i, j, nargs
  character(len=32) :: arg
  real(dp), allocatable :: x(:), y(:), m(:)
  real(dp) :: s, h, u, v
  n = 300
  nargs = command_argument_count()
  if (nargs > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (x(n), y(n), m(n))
  do i = 1, n
    x(i) = (i - 1) * 0.05_dp + 0.01_dp * sin(real(i, dp))
    y(i) = sin(x(i)) + 0.3_dp * cos(3.0_dp * x(i))
  end do
  call second_derivatives(n, x, y, m)
  do j = 1, 10
    i = 1 + (j - 1) * (n - 2) / 10
    h = x(i + 1) - x(i)
    u = 0.3_dp
    v = 1.0_dp - u
    s = v * y(i) + u * y(i + 1) + ((v**3 - v) * m(i) + (u**3 - u) * m(i + 1)) * h * h / 6.0_dp
    print '(a, i0, a, es20.12)', 's(', i, ') = ', s
  end do
end program main
