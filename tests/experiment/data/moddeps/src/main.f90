program main
  use consts, only: dp, rate
  implicit none
  real(dp) :: x
  integer :: i
  x = 1.0_dp
  do i = 1, 10
     x = x * (1.0_dp + rate)
  end do
  print '(a, f10.4)', 'grown ', x
end program main
