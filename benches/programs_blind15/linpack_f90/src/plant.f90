! The group's plant model: LINPACK's matgen for the coupling matrix, and load cases whose
! exact responses are known (b = A x_true), with the residual check of the benchmark.
module plant
  use blas1
  implicit none
contains

  ! linpackd's matgen: a(i,j) from the multiplicative generator, init = 1325
  subroutine matgen(a, lda, n, norma)
    integer, intent(in) :: lda, n
    real(dp), intent(out) :: a(lda, *)
    real(dp), intent(out) :: norma
    integer :: i, j, init
    init = 1325
    norma = 0.0_dp
    do j = 1, n
      do i = 1, n
        init = mod(3125 * init, 65536)
        a(i, j) = (init - 32768.0_dp) / 16384.0_dp
        norma = max(a(i, j), norma)
      end do
    end do
  end subroutine matgen

  real(dp) function x_true(i, r, n)
    integer, intent(in) :: i, r, n
    x_true = 1.0_dp + 0.5_dp * sin(0.37_dp * r + 6.283185307179586_dp * i / n) + 0.01_dp * r
  end function x_true

  ! b(:, r) = A x_true(:, r), column by column
  subroutine loads(a, lda, n, b, ldb, nrhs)
    integer, intent(in) :: lda, n, ldb, nrhs
    real(dp), intent(in) :: a(lda, *)
    real(dp), intent(out) :: b(ldb, *)
    integer :: j, r
    do r = 1, nrhs
      b(1:n, r) = 0.0_dp
      do j = 1, n
        call daxpy(n, x_true(j, r, n), a(1, j), 1, b(1, r), 1)
      end do
    end do
  end subroutine loads

  ! linpackd's check: max |A x - b| / (n ||A|| ||x|| eps), with A regenerated
  subroutine residual(a, lda, n, x, b, resid, normx)
    integer, intent(in) :: lda, n
    real(dp), intent(in) :: a(lda, *), x(*), b(*)
    real(dp), intent(out) :: resid, normx
    real(dp), allocatable :: r(:)
    integer :: i, j
    allocate(r(n))
    r = -b(1:n)
    do j = 1, n
      call daxpy(n, x(j), a(1, j), 1, r, 1)
    end do
    resid = 0.0_dp
    normx = 0.0_dp
    do i = 1, n
      resid = max(resid, abs(r(i)))
      normx = max(normx, abs(x(i)))
    end do
    deallocate(r)
  end subroutine residual

end module plant
