module colsolve
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains
  subroutine lu_solve(n, nrhs, a, b)
    integer, intent(in) :: n, nrhs
    real(dp), intent(inout) :: a(n, n), b(n, nrhs)
    integer :: i, j, k, r
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
      do r = 1, nrhs
        do i = k + 1, n
          b(i, r) = b(i, r) - a(i, k) * b(k, r)
        end do
      end do
    end do
    do r = 1, nrhs
      do i = n, 1, -1
        l = b(i, r)
        do j = i + 1, n
          l = l - a(i, j) * b(j, r)
        end do
        b(i, r) = l / a(i, i)
      end do
    end do
  end subroutine lu_solve
end module colsolve
