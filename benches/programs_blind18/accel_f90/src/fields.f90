module fields
  use grid_mod
  implicit none
contains
  subroutine allocate_fields(nx, ny)
    integer, intent(in) :: nx, ny
    x_max = nx; y_max = ny
    ! CloverLeaf's halo of two cells around cells and nodes
    allocate(density0(x_min-2:x_max+2, y_min-2:y_max+2), volume(x_min-2:x_max+2, y_min-2:y_max+2))
    allocate(pressure(x_min-2:x_max+2, y_min-2:y_max+2), viscosity(x_min-2:x_max+2, y_min-2:y_max+2))
    allocate(xarea(x_min-2:x_max+3, y_min-2:y_max+2), yarea(x_min-2:x_max+2, y_min-2:y_max+3))
    allocate(xvel0(x_min-2:x_max+3, y_min-2:y_max+3), yvel0(x_min-2:x_max+3, y_min-2:y_max+3))
    allocate(xvel1(x_min-2:x_max+3, y_min-2:y_max+3), yvel1(x_min-2:x_max+3, y_min-2:y_max+3))
  end subroutine allocate_fields

  ! a dense blob in a light gas (CloverLeaf's test problems put a dense state in a corner)
  subroutine initial_state(dx, dy)
    real(dp), intent(in) :: dx, dy
    integer :: j, k
    real(dp) :: x, y, r2
    do k = y_min-2, y_max+2
      do j = x_min-2, x_max+2
        x = (j - 0.5_dp) * dx
        y = (k - 0.5_dp) * dy
        r2 = (x - 3.0_dp)**2 + (y - 4.0_dp)**2
        density0(j,k) = 0.2_dp + 0.8_dp / (1.0_dp + r2)
        volume(j,k) = dx * dy
        pressure(j,k) = 1.0_dp + 2.5_dp * exp(-0.3_dp * r2)
        viscosity(j,k) = 0.01_dp * sin(0.05_dp * j) * cos(0.03_dp * k)
      end do
    end do
    xarea = dy
    yarea = dx
    xvel0 = 0.0_dp
    yvel0 = 0.0_dp
    xvel1 = 0.0_dp
    yvel1 = 0.0_dp
  end subroutine initial_state
end module fields
