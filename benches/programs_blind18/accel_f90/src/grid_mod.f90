module grid_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  integer :: x_min = 1, x_max, y_min = 1, y_max
  real(dp), allocatable :: density0(:,:), volume(:,:), pressure(:,:), viscosity(:,:)
  real(dp), allocatable :: xarea(:,:), yarea(:,:)
  real(dp), allocatable :: xvel0(:,:), yvel0(:,:), xvel1(:,:), yvel1(:,:)
end module grid_mod
