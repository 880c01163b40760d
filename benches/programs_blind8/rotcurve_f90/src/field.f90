! Gravitational field of the particles at a point, by direct summation (Plummer softening).
module field
  use kinds, only: wp, qp, gconst
  implicit none
  private
  public :: field_at

contains

  ! potential (km/s)^2 and radial (cylindrical) acceleration (km/s)^2/kpc at (px, py, 0)
  subroutine field_at(n, x, y, z, m, px, py, eps, pot, ar)
    integer, intent(in) :: n
    real(wp), intent(in) :: x(n), y(n), z(n), m(n), px, py, eps
    real(wp), intent(out) :: pot, ar
    real(qp) :: sp, sx, sy
    real(wp) :: dx, dy, dz, r2, rinv, rp
    integer :: i
    sp = 0.0_qp; sx = 0.0_qp; sy = 0.0_qp
    do i = 1, n
       dx = x(i) - px; dy = y(i) - py; dz = z(i)
       r2 = dx * dx + dy * dy + dz * dz + eps * eps
       rinv = 1.0_wp / sqrt(r2)
       sp = sp - m(i) * rinv
       sx = sx + m(i) * dx * rinv**3
       sy = sy + m(i) * dy * rinv**3
    end do
    rp = sqrt(px * px + py * py)
    pot = gconst * real(sp, wp)
    ! the pull (towards the particles) projected on the outward radial direction: < 0
    ar = gconst * (real(sx, wp) * px + real(sy, wp) * py) / rp
  end subroutine field_at

end module field
