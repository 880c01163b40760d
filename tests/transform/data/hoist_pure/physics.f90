! Pure helpers of a damped-wave tabulation: damp() depends only on the time, shape() on x.
module physics
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp) :: gamma = 0.3_dp
contains
  pure real(dp) function damp(t)
    real(dp), intent(in) :: t
    integer :: k
    damp = 0.0_dp
    do k = 1, 40
      damp = damp + exp(-gamma * t * k) / k
    end do
  end function damp
  elemental function shape(x) result(y)
    real(dp), intent(in) :: x
    real(dp) :: y
    y = sin(6.0_dp * x)
  end function shape
  real(dp) function noisy(t)
    real(dp), intent(in) :: t
    noisy = t * 2.0_dp
  end function noisy
end module physics
