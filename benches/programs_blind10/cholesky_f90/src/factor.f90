! Cholesky factorisation C = L L^T, in place in the lower triangle.
! Ported from the PolyBench/C 'cholesky' kernel (linear-algebra/solvers/cholesky), the
! loops kept as they are in the suite so that results can be compared with the C version.
module factor
  use kinds
  implicit none
contains
  subroutine cholesky(n, a)
    integer, intent(in) :: n
    real(dp), intent(inout) :: a(n, n)
    integer :: i, j, k
    do i = 1, n
      ! j < i
      do j = 1, i - 1
        do k = 1, j - 1
          a(i, j) = a(i, j) - a(i, k) * a(j, k)
        end do
        a(i, j) = a(i, j) / a(j, j)
      end do
      ! i == j
      do k = 1, i - 1
        a(i, i) = a(i, i) - a(i, k) * a(i, k)
      end do
      if (a(i, i) <= 0.0_dp) then
        print '(a, i0)', 'cholesky: matrix not positive definite at row ', i
        stop 1
      end if
      a(i, i) = sqrt(a(i, i))
    end do
  end subroutine cholesky

  ! y = L x (lower triangle of a)
  subroutine lower_times(n, a, x, y)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n, n), x(n)
    real(dp), intent(out) :: y(n)
    integer :: i, j
    y = 0.0_dp
    do j = 1, n
      do i = j, n
        y(i) = y(i) + a(i, j) * x(j)
      end do
    end do
  end subroutine lower_times
end module factor
