! Gaussian elimination with partial pivoting, as in the course notes:
! eliminate below the pivot row by row, then back-substitute every right-hand side.
module gauss
  use precision
  implicit none
  private
  public :: gauss_solve
contains
  subroutine gauss_solve(n, nrhs, a, b, info)
    integer, intent(in) :: n, nrhs
    real(dp), intent(inout) :: a(n, n), b(n, nrhs)
    integer, intent(out) :: info
    integer :: i, j, k, p
    real(dp) :: l, t
    info = 0
    do k = 1, n - 1
      p = k
      do i = k + 1, n
        if (abs(a(i, k)) > abs(a(p, k))) p = i
      end do
      if (a(p, k) == 0.0_dp) then
        info = k
        return
      end if
      if (p /= k) then
        do j = 1, n
          t = a(k, j); a(k, j) = a(p, j); a(p, j) = t
        end do
        do j = 1, nrhs
          t = b(k, j); b(k, j) = b(p, j); b(p, j) = t
        end do
      end if
      do i = k + 1, n
        l = a(i, k) / a(k, k)
        a(i, k) = l
        do j = k + 1, n
          a(i, j) = a(i, j) - l * a(k, j)
        end do
        do j = 1, nrhs
          b(i, j) = b(i, j) - l * b(k, j)
        end do
      end do
    end do
    do j = 1, nrhs
      do i = n, 1, -1
        t = b(i, j)
        do k = i + 1, n
          t = t - a(i, k) * b(k, j)
        end do
        b(i, j) = t / a(i, i)
      end do
    end do
  end subroutine gauss_solve
end module gauss
