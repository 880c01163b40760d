module params
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: float_n_default = 1.0_dp
end module params
