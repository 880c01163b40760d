! Linear solver from the group's numerics library (the course's Gaussian elimination).
module linsolve
  implicit none
  private
  public :: solve

  integer, parameter :: dp = kind(1.0d0)

contains

  ! Solve a x = b for x (returned in b); a is overwritten by its LU factors.
  ! No pivoting: the heat-conduction matrices are diagonally dominant.
  subroutine solve(a, b, n)
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
  end subroutine solve

end module linsolve
