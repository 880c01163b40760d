! star.f90 -- density model of a rapidly rotating star: a heterogeneous oblate spheroid
!   rho(r, mu) = rho_c (1 - m^2)^n_poly  inside,  m^2 = r^2 (1 - mu^2) / a^2 + r^2 mu^2 / c^2
module star
  use kinds, only: dp
  implicit none
  private
  public :: star_model, density

  type star_model
    real(dp) :: a = 1.0_dp       ! equatorial radius
    real(dp) :: c = 0.7_dp       ! polar radius
    real(dp) :: rho_c = 1.0_dp   ! central density
    real(dp) :: n_poly = 1.0_dp  ! concentration exponent
  end type star_model

contains

  pure function density(s, r, mu) result(rho)
    type(star_model), intent(in) :: s
    real(dp), intent(in) :: r, mu
    real(dp) :: rho, m2

    m2 = r*r*(1.0_dp - mu*mu)/(s%a*s%a) + r*r*mu*mu/(s%c*s%c)
    if (m2 < 1.0_dp) then
      rho = s%rho_c*(1.0_dp - m2)**s%n_poly
    else
      rho = 0.0_dp
    end if
  end function density

end module star
