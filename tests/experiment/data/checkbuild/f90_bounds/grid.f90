module grid
  implicit none
contains
  subroutine sweep(u, v, n)
    integer, intent(in) :: n
    real(8), intent(in) :: u(:, :)
    real(8), intent(inout) :: v(:, :)
    integer :: i, j
    do j = 2, n - 1
      do i = 2, n - 1
        v(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
      end do
    end do
  end subroutine sweep
end module grid
