! legendre.f90 -- Legendre polynomials and Gauss-Legendre quadrature
module legendre
  use kinds, only: dp, pi
  implicit none
  private
  public :: legendre_p, gauss_legendre

contains

  ! P_l(x) by Bonnet's recursion  l P_l = (2l-1) x P_{l-1} - (l-1) P_{l-2}
  recursive function legendre_p(l, x) result(p)
    integer, intent(in) :: l
    real(dp), intent(in) :: x
    real(dp) :: p

    if (l == 0) then
      p = 1.0_dp
    else if (l == 1) then
      p = x
    else
      p = ((2*l - 1)*x*legendre_p(l - 1, x) - (l - 1)*legendre_p(l - 2, x))/l
    end if
  end function legendre_p

  ! nodes and weights of the n-point Gauss-Legendre rule on [-1, 1]
  ! (Newton iteration from the Chebyshev-like first guess, Numerical Recipes style)
  subroutine gauss_legendre(n, x, w)
    integer, intent(in) :: n
    real(dp), intent(out) :: x(n), w(n)
    integer :: i, it
    real(dp) :: z, z1, p, dp_dz

    do i = 1, (n + 1)/2
      z = cos(pi*(i - 0.25_dp)/(n + 0.5_dp))
      do it = 1, 100
        p = legendre_p(n, z)
        dp_dz = n*(z*p - legendre_p(n - 1, z))/(z*z - 1.0_dp)
        z1 = z
        z = z1 - p/dp_dz
        if (abs(z - z1) < 1.0e-14_dp) exit
      end do
      p = legendre_p(n, z)
      dp_dz = n*(z*p - legendre_p(n - 1, z))/(z*z - 1.0_dp)
      x(i) = -z
      x(n + 1 - i) = z
      w(i) = 2.0_dp/((1.0_dp - z*z)*dp_dz*dp_dz)
      w(n + 1 - i) = w(i)
    end do
  end subroutine gauss_legendre

end module legendre
