! advection.f90: first-order upwind transport of a tracer q by a steady rotating flow (u, v)
module advection
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  private
  public :: dp, init_fields, upwind_step, tracer_mass

contains

  subroutine init_fields(nx, ny, q, u, v)
    integer, intent(in) :: nx, ny
    real(dp), intent(out) :: q(nx, ny), u(nx, ny), v(nx, ny)
    integer :: i, j
    real(dp) :: x, y, r2
    do i = 1, nx
      do j = 1, ny
        x = real(i - 1, dp) / real(nx - 1, dp) - 0.5_dp
        y = real(j - 1, dp) / real(ny - 1, dp) - 0.5_dp
        u(i, j) = -y
        v(i, j) = x
        r2 = (x - 0.2_dp)**2 + y**2
        q(i, j) = exp(-r2 / 0.005_dp)
      end do
    end do
  end subroutine init_fields

  ! One explicit step: qn = q - dt/dx * (flux differences), upwinded on the sign of u and v.
  subroutine upwind_step(nx, ny, cfl, q, u, v, qn)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: cfl
    real(dp), intent(in) :: q(nx, ny), u(nx, ny), v(nx, ny)
    real(dp), intent(out) :: qn(nx, ny)
    integer :: i, j
    real(dp) :: fxm, fxp, fym, fyp

    do i = 2, nx - 1
      do j = 2, ny - 1
        fxm = max(u(i, j), 0.0_dp) * q(i - 1, j) + min(u(i, j), 0.0_dp) * q(i, j)
        fxp = max(u(i, j), 0.0_dp) * q(i, j) + min(u(i, j), 0.0_dp) * q(i + 1, j)
        fym = max(v(i, j), 0.0_dp) * q(i, j - 1) + min(v(i, j), 0.0_dp) * q(i, j)
        fyp = max(v(i, j), 0.0_dp) * q(i, j) + min(v(i, j), 0.0_dp) * q(i, j + 1)
        qn(i, j) = q(i, j) - cfl * (fxp - fxm + fyp - fym)
      end do
    end do
    ! closed boundary: copy the edges
    qn(1, :) = q(1, :)
    qn(nx, :) = q(nx, :)
    qn(:, 1) = q(:, 1)
    qn(:, ny) = q(:, ny)
  end subroutine upwind_step

  real(dp) function tracer_mass(nx, ny, q)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: q(nx, ny)
    tracer_mass = sum(q) / real(nx * ny, dp)
  end function tracer_mass

end module advection
