! covariance of a stationary random field sampled at irregular depths along a borehole:
! exponential (Matern 1/2) model plus a nugget for the measurement error
module covariance
  use kinds
  implicit none
contains
  ! depths: sorted, irregular spacing around dz (a logging tool that slips)
  subroutine make_depths(n, dz, seed, z)
    integer, intent(in) :: n
    real(dp), intent(in) :: dz
    integer(i8), intent(inout) :: seed
    real(dp), intent(out) :: z(n)
    integer :: i
    z(1) = 0.0_dp
    do i = 2, n
      z(i) = z(i-1) + dz * (0.5_dp + uniform(seed))
    end do
  end subroutine make_depths

  ! C(i,j) = sill * exp(-|z_i - z_j| / range) + nugget * delta_ij  (lower triangle used)
  subroutine make_covariance(n, z, sill, range, nugget, c)
    integer, intent(in) :: n
    real(dp), intent(in) :: z(n), sill, range, nugget
    real(dp), intent(out) :: c(n, n)
    integer :: i, j
    c = 0.0_dp
    do j = 1, n
      do i = j, n
        c(i, j) = sill * exp(-abs(z(i) - z(j)) / range)
      end do
      c(j, j) = c(j, j) + nugget
    end do
  end subroutine make_covariance
end module covariance
