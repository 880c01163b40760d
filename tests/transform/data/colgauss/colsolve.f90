module colsolve
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine lu_solve(n, a, b)
    integer, intent(in) :: n
    real(dp), intent(inout) :: a(n, n), b(n)
    integer :: i, j, k
    real(dp) :: l
    do k = 1, n - 1
      do i = k + 1, n
        a(i, k) = a(i, k) / a(k, k)
      end do
      do j = k + 1, n
        do i = k + 1, n
          a(i, j) = a(i, j) - a(i, k) * a(k, j)
        end do
      end do
      do i = k + 1, n
        b(i) = b(i) - a(i, k) * b(k)
      end do
    end do
    do i = n, 1, -1
      l = b(i)
      do j = i + 1, n
        l = l - a(i, j) * b(j)
      end do
      b(i) = l / a(i, i)
    end do
  end subroutine lu_solve
end module colsolve
