module accelerate
  use grid_mod
  implicit none
contains
  ! CloverLeaf accelerate_kernel: the nodal mass from the four surrounding cells, then the
  ! pressure and the artificial viscosity forces on each node's x and y velocity.
  subroutine accelerate_kernel(dt)
    real(dp), intent(in) :: dt
    integer :: j, k
    real(dp) :: nodal_mass, stepbymass_s, halfdt
    halfdt = 0.5_dp * dt
    do j = x_min, x_max+1
      do k = y_min, y_max+1
        nodal_mass = (density0(j-1,k-1) * volume(j-1,k-1) &
                    + density0(j  ,k-1) * volume(j  ,k-1) &
                    + density0(j  ,k  ) * volume(j  ,k  ) &
                    + density0(j-1,k  ) * volume(j-1,k  )) * 0.25_dp
        stepbymass_s = halfdt / nodal_mass
        xvel1(j,k) = xvel0(j,k) - stepbymass_s * (xarea(j,k) * (pressure(j,k) - pressure(j-1,k)) &
                                               + xarea(j,k-1) * (pressure(j,k-1) - pressure(j-1,k-1)))
        yvel1(j,k) = yvel0(j,k) - stepbymass_s * (yarea(j,k) * (pressure(j,k) - pressure(j,k-1)) &
                                               + yarea(j-1,k) * (pressure(j-1,k) - pressure(j-1,k-1)))
        xvel1(j,k) = xvel1(j,k) - stepbymass_s * (xarea(j,k) * (viscosity(j,k) - viscosity(j-1,k)) &
                                               + xarea(j,k-1) * (viscosity(j,k-1) - viscosity(j-1,k-1)))
        yvel1(j,k) = yvel1(j,k) - stepbymass_s * (yarea(j,k) * (viscosity(j,k) - viscosity(j,k-1)) &
                                               + yarea(j-1,k) * (viscosity(j-1,k) - viscosity(j-1,k-1)))
      end do
    end do
  end subroutine accelerate_kernel
end module accelerate
