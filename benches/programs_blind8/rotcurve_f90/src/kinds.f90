! Precisions of the group's dynamics codes.
module kinds
  implicit none
  integer, parameter :: wp = selected_real_kind(15, 300)   ! working precision (double)
  ! sums over ~10^5-10^6 particles are accumulated in quadruple precision so that no
  ! digits are lost to cancellation (the disc's forces nearly cancel near the centre)
  integer, parameter :: qp = selected_real_kind(33, 4000)
  real(wp), parameter :: pi = 3.14159265358979323846_wp
  real(wp), parameter :: gconst = 4.30091e-6_wp   ! kpc (km/s)^2 / Msun
end module kinds
