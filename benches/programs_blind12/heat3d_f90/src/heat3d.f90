! kiln: PolyBench/C 4.2 stencils/heat-3d, as in the suite, ported to Fortran with the
! loops in column-major order (i innermost); tsteps pairs of A -> B -> A sweeps
module heat3d
  use field, only: dp
  implicit none
contains

  subroutine diffuse(n, tsteps, a, b)
    integer, intent(in) :: n, tsteps
    real(dp), intent(inout) :: a(n, n, n), b(n, n, n)
    integer :: t, i, j, k
    do t = 1, tsteps
      do k = 2, n - 1
        do j = 2, n - 1
          do i = 2, n - 1
            b(i, j, k) = 0.125_dp * (a(i + 1, j, k) - 2.0_dp * a(i, j, k) + a(i - 1, j, k)) &
                       + 0.125_dp * (a(i, j + 1, k) - 2.0_dp * a(i, j, k) + a(i, j - 1, k)) &
                       + 0.125_dp * (a(i, j, k + 1) - 2.0_dp * a(i, j, k) + a(i, j, k - 1)) &
                       + a(i, j, k)
          end do
        end do
      end do
      do k = 2, n - 1
        do j = 2, n - 1
          do i = 2, n - 1
            a(i, j, k) = 0.125_dp * (b(i + 1, j, k) - 2.0_dp * b(i, j, k) + b(i - 1, j, k)) &
                       + 0.125_dp * (b(i, j + 1, k) - 2.0_dp * b(i, j, k) + b(i, j - 1, k)) &
                       + 0.125_dp * (b(i, j, k + 1) - 2.0_dp * b(i, j, k) + b(i, j, k - 1)) &
                       + b(i, j, k)
          end do
        end do
      end do
    end do
  end subroutine diffuse

end module heat3d
