module consts
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: rate = 0.25_dp
end module consts
