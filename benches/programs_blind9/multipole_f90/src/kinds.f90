! kinds.f90 -- working precision and constants
module kinds
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: pi = 3.14159265358979323846_dp
  real(dp), parameter :: grav = 1.0_dp       ! G = 1 (code units)
end module kinds
