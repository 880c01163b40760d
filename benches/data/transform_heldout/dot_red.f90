! Dot product in a subroutine.
subroutine dotp(n, x, y, t)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: x(n), y(n)
  real(8), intent(out) :: t
  integer :: i
  t = 0.0d0
  do i = 1, n
    t = t + x(i) * y(i) ! HOT
  end do
end subroutine dotp

program main
  implicit none
  integer, parameter :: n = 5000
  real(8) :: x(n), y(n), t
  integer :: i
  do i = 1, n
    x(i) = dble(mod(i, 7)) - 3.0d0
    y(i) = dble(mod(i, 5))
  end do
  call dotp(n, x, y, t)
  print '(a, es25.17)', 'checksum ', t
end program main
