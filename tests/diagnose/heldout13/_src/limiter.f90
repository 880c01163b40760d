! The slope limiter of fluxlim.f90, kept in its own file (compiled separately, as in a library of
! limiters chosen at build time).
real(8) function minmod(a, b)
  implicit none
  real(8), intent(in) :: a, b
  minmod = 0.5d0 * (sign(1d0, a) + sign(1d0, b)) * min(abs(a), abs(b))
end function minmod
