! The factor and the load cases of the project: a lower-triangular stiffness factor
! built with PolyBench trisolv's off-diagonal formula (scaled down by n so that the
! factor is diagonally dominant) and a batch of right-hand sides, one per column.
module system
  implicit none
  integer, parameter :: dp = kind(1.0d0)
contains

  subroutine init_factor(n, L)
    integer, intent(in) :: n
    real(dp), intent(out) :: L(n, n)
    integer :: i, j
    ! the C suite's L[i][j] is kept as L(i,j) here, zero-based values as in the suite
    L = 0.0_dp
    do i = 1, n
      do j = 1, i - 1
        L(i, j) = real((i - 1) + n - (j - 1) + 1, dp) * 2.0_dp / real(n, dp) / real(n, dp)
      end do
      L(i, i) = 6.0_dp + real(mod(i, 7), dp) / 7.0_dp
    end do
  end subroutine init_factor

  subroutine init_loads(n, nrhs, b)
    integer, intent(in) :: n, nrhs
    real(dp), intent(out) :: b(n, nrhs)
    integer :: i, r
    do r = 1, nrhs
      do i = 1, n
        ! the first case is the suite's b[i] = i; the others vary the load pattern
        b(i, r) = real(i - 1, dp) * (1.0_dp + real(mod((i - 1) * r, 97), dp) / 97.0_dp) &
                  - real(r - 1, dp) * real(n - i, dp) / real(n, dp)
      end do
    end do
  end subroutine init_loads

end module system
