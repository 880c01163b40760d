module work
  implicit none
contains
  ! three-point smoothing of a row, then its energy; work arrays per call
  subroutine smooth(x, n, s)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: s
    real(8), allocatable :: w(:), pad(:)
    integer :: i
    allocate(w(n), pad(0:n + 1))
    pad(1:n) = x
    pad(0) = x(1)
    pad(n + 1) = x(n)
    do i = 1, n
      w(i) = (pad(i - 1) + 2.0d0 * pad(i) + pad(i + 1)) / 4.0d0
    end do
    s = sum(w * w)
    deallocate(w, pad)
  end subroutine smooth
end module work
