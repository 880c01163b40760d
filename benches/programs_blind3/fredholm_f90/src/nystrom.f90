! Nystrom discretisation of u(x) - lambda * int_0^1 exp(-|x-y|/ell) u(y) dy = f(x)
! on the composite trapezoidal rule: A = I - lambda * K * W, one column of f per source.
module nystrom
  use precision
  implicit none
  private
  public :: assemble, sources
contains
  subroutine assemble(n, lambda, ell, x, a)
    integer, intent(in) :: n
    real(dp), intent(in) :: lambda, ell
    real(dp), intent(out) :: x(n), a(n, n)
    real(dp) :: h, w
    integer :: i, j
    h = 1.0_dp / real(n - 1, dp)
    do i = 1, n
      x(i) = real(i - 1, dp) * h
    end do
    do j = 1, n
      w = h
      if (j == 1 .or. j == n) w = 0.5_dp * h
      do i = 1, n
        a(i, j) = -lambda * w * exp(-abs(x(i) - x(j)) / ell)
      end do
      a(j, j) = a(j, j) + 1.0_dp
    end do
  end subroutine assemble

  subroutine sources(n, nrhs, x, f)
    integer, intent(in) :: n, nrhs
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: f(n, nrhs)
    real(dp), parameter :: pi = 3.14159265358979323846_dp
    integer :: i, s
    do s = 1, nrhs
      do i = 1, n
        f(i, s) = exp(-40.0_dp * (x(i) - real(s, dp) / real(nrhs + 1, dp))**2) &
                  + 0.1_dp * sin(pi * real(s, dp) * x(i))
      end do
    end do
  end subroutine sources
end module nystrom
