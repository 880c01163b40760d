! point-mass shell with quadratic air drag in an exponential atmosphere
module ballistics
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), parameter :: g = 9.80665_dp
  real(dp), parameter :: rho0 = 1.225_dp, scale_height = 8400.0_dp

  type :: shell_t
     real(dp) :: mass = 15.0_dp        ! kg
     real(dp) :: area = 0.0127_dp      ! m^2 (127 mm calibre)
     real(dp) :: cd = 0.30_dp
  end type shell_t

contains

  pure function accel(sh, s) result(a)
    type(shell_t), intent(in) :: sh
    real(dp), intent(in) :: s(4)          ! x, y, vx, vy
    real(dp) :: a(4), v, k
    v = sqrt(s(3)**2 + s(4)**2)
    k = 0.5_dp * rho0 * exp(-max(s(2), 0.0_dp) / scale_height) * sh%cd * sh%area / sh%mass
    a(1) = s(3)
    a(2) = s(4)
    a(3) = -k * v * s(3)
    a(4) = -g - k * v * s(4)
  end function accel

  subroutine rk4(sh, s, dt)
    type(shell_t), intent(in) :: sh
    real(dp), intent(inout) :: s(4)
    real(dp), intent(in) :: dt
    real(dp) :: k1(4), k2(4), k3(4), k4(4)
    k1 = accel(sh, s)
    k2 = accel(sh, s + 0.5_dp * dt * k1)
    k3 = accel(sh, s + 0.5_dp * dt * k2)
    k4 = accel(sh, s + dt * k3)
    s = s + dt / 6.0_dp * (k1 + 2.0_dp * k2 + 2.0_dp * k3 + k4)
  end subroutine rk4

end module ballistics
