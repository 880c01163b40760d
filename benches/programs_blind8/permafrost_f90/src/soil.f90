! Soil column: layer geometry and the thermal properties of a freezing soil
! (apparent heat capacity over a freezing interval, frozen / thawed conductivity).
module soil
  implicit none
  private
  public :: dp, column_t, make_column, capacity, conductivity, surface_temperature

  integer, parameter :: dp = kind(1.0d0)

  real(dp), parameter :: latent = 3.34e5_dp      ! J/kg
  real(dp), parameter :: rho_w = 1000.0_dp       ! kg/m3
  real(dp), parameter :: t_freeze = 0.0_dp, dt_freeze = 0.5_dp   ! degC

  type :: column_t
     integer :: n
     real(dp) :: depth
     real(dp), allocatable :: z(:), dz(:)        ! node depth, node spacing (m)
     real(dp), allocatable :: theta(:)           ! volumetric water content
     real(dp), allocatable :: c_dry(:)           ! J/m3/K
     real(dp), allocatable :: k_thaw(:), k_frozen(:)   ! W/m/K
  end type column_t

contains

  subroutine make_column(col, n, depth)
    type(column_t), intent(out) :: col
    integer, intent(in) :: n
    real(dp), intent(in) :: depth
    integer :: i
    real(dp) :: s
    col%n = n
    col%depth = depth
    allocate(col%z(n), col%dz(n), col%theta(n), col%c_dry(n), col%k_thaw(n), col%k_frozen(n))
    ! nodes stretched towards the surface: z_i = depth * (i/n)^1.5
    do i = 1, n
       s = real(i, dp) / real(n, dp)
       col%z(i) = depth * s**1.5_dp
    end do
    do i = 1, n
       if (i == 1) then
          col%dz(i) = col%z(2) - col%z(1)
       else if (i == n) then
          col%dz(i) = col%z(n) - col%z(n - 1)
       else
          col%dz(i) = 0.5_dp * (col%z(i + 1) - col%z(i - 1))
       end if
       ! peat over silt over bedrock
       if (col%z(i) < 0.4_dp) then
          col%theta(i) = 0.60_dp; col%c_dry(i) = 0.6e6_dp
          col%k_thaw(i) = 0.45_dp; col%k_frozen(i) = 1.60_dp
       else if (col%z(i) < 6.0_dp) then
          col%theta(i) = 0.35_dp; col%c_dry(i) = 1.5e6_dp
          col%k_thaw(i) = 1.30_dp; col%k_frozen(i) = 2.10_dp
       else
          col%theta(i) = 0.05_dp; col%c_dry(i) = 2.0e6_dp
          col%k_thaw(i) = 2.50_dp; col%k_frozen(i) = 2.60_dp
       end if
    end do
  end subroutine make_column

  ! apparent volumetric heat capacity (J/m3/K): latent heat spread over the freezing interval
  pure real(dp) function capacity(col, i, t)
    type(column_t), intent(in) :: col
    integer, intent(in) :: i
    real(dp), intent(in) :: t
    real(dp) :: c_water
    if (t > t_freeze) then
       c_water = 4.18e6_dp
    else
       c_water = 1.93e6_dp
    end if
    capacity = col%c_dry(i) + col%theta(i) * c_water
    if (t <= t_freeze .and. t > t_freeze - dt_freeze) then
       capacity = capacity + col%theta(i) * rho_w * latent / dt_freeze
    end if
  end function capacity

  pure real(dp) function conductivity(col, i, t)
    type(column_t), intent(in) :: col
    integer, intent(in) :: i
    real(dp), intent(in) :: t
    real(dp) :: f
    f = min(1.0_dp, max(0.0_dp, (t_freeze - t) / dt_freeze))   ! frozen fraction
    conductivity = (1.0_dp - f) * col%k_thaw(i) + f * col%k_frozen(i)
  end function conductivity

  ! air/ground surface temperature (degC) at day d: annual cycle plus a warming trend
  pure real(dp) function surface_temperature(d, t_mean, amplitude, trend)
    real(dp), intent(in) :: d, t_mean, amplitude, trend
    real(dp), parameter :: pi = 3.14159265358979324_dp
    surface_temperature = t_mean + trend * d / 365.25_dp &
         - amplitude * cos(2.0_dp * pi * (d - 20.0_dp) / 365.25_dp)
  end function surface_temperature

end module soil
