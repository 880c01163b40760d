module kernels
  implicit none
contains
  subroutine smooth(n, a, b)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n), b(n)
    integer :: i
    do i = 2, n - 1
      b(i) = 0.25d0 * a(i - 1) + 0.5d0 * a(i) + 0.25d0 * a(i + 1)
    end do
    do i = 2, n - 1
      a(i) = b(i) + 1.0d-3 * sin(b(i))
    end do
  end subroutine smooth
end module kernels
