! The PolyBench/C 4.2 trisolv kernel (forward substitution L x = b), with the C loops
! and subscripts kept, and the batch of load cases the project solves with it.
module trisolv_mod
  use system, only: dp
  implicit none
contains

  subroutine kernel_trisolv(n, L, x, b)
    integer, intent(in) :: n
    real(dp), intent(in) :: L(n, n), b(n)
    real(dp), intent(out) :: x(n)
    integer :: i, j
    do i = 1, n
      x(i) = b(i)
      do j = 1, i - 1
        x(i) = x(i) - L(i, j) * x(j)
      end do
      x(i) = x(i) / L(i, i)
    end do
  end subroutine kernel_trisolv

  ! every load case solved on its own, as the group first wrote it
  subroutine solve_all(n, nrhs, L, b, x)
    integer, intent(in) :: n, nrhs
    real(dp), intent(in) :: L(n, n), b(n, nrhs)
    real(dp), intent(out) :: x(n, nrhs)
    integer :: r
    do r = 1, nrhs
      call kernel_trisolv(n, L, x(:, r), b(:, r))
    end do
  end subroutine solve_all

end module trisolv_mod
