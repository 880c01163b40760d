! working precision and a small portable random generator (so that runs are reproducible)
module kinds
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer, parameter :: i8 = selected_int_kind(18)
contains
  ! uniform in (0, 1): 64-bit linear congruential generator, top 53 bits
  function uniform(state) result(u)
    integer(i8), intent(inout) :: state
    real(dp) :: u
    state = state * 6364136223846793005_i8 + 1442695040888963407_i8
    u = (real(ishft(state, -11), dp) + 0.5_dp) / 9007199254740992.0_dp
  end function uniform

  ! standard normal by Box-Muller (one of the pair)
  function gauss(state) result(z)
    integer(i8), intent(inout) :: state
    real(dp) :: z, u1, u2
    u1 = uniform(state)
    u2 = uniform(state)
    z = sqrt(-2.0_dp * log(u1)) * cos(6.283185307179586_dp * u2)
  end function gauss
end module kinds
