! polynomial evaluation over an in-cache array, compiled at -O1 (no vectorizer)
module kern
contains
  subroutine evalpoly(x, y, n)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n)
    integer :: i
    do i = 1, n
      y(i) = ((((0.3d0*x(i) + 1.1d0)*x(i) - 2.0d0)*x(i) + 0.7d0)*x(i) + 0.2d0)*x(i) + 1.0d0
    end do
  end subroutine
end module
program poly
  use kern
  implicit none
  integer, parameter :: n = 2048
  real(8) :: x(n), y(n), s
  integer :: i, r
  do i = 1, n
    x(i) = i * 1.0d-4
  end do
  s = 0.0d0
  do r = 1, 150000
    call evalpoly(x, y, n)
    s = s + y(r - (r/n)*n + 1)
  end do
  print *, 'sum=', s
end program
