! a row of a column-major array passed to an explicit-shape dummy: a packed copy per call
module kern
contains
  subroutine smooth(r, m, out)
    integer, intent(in) :: m
    real(8), intent(in) :: r(m)
    real(8), intent(inout) :: out
    integer :: j
    do j = 2, m - 1
       out = out + 0.25d0 * (r(j - 1) + 2d0 * r(j) + r(j + 1))
    end do
  end subroutine smooth
end module kern
program arrtemp
  use kern
  implicit none
  integer, parameter :: m = 600
  real(8), allocatable :: a(:, :)
  real(8) :: acc
  integer :: i, it
  allocate(a(m, m))
  call random_number(a)
  acc = 0d0
  do it = 1, 3
     do i = 1, m
        call smooth(a(i, :), m, acc)
     end do
  end do
  print '(A,F18.4)', 'acc=', acc
end program arrtemp
