! A Milky-Way-like N-body model: exponential disc, Hernquist bulge, and a truncated
! isothermal-like dark halo, sampled with a fixed generator (same snapshot everywhere).
module galaxy
  use kinds, only: wp, pi
  implicit none
  private
  public :: make_galaxy

  integer(8) :: state = 88172645463325252_8

contains

  real(wp) function urand()
    ! xorshift64
    state = ieor(state, ishft(state, 13))
    state = ieor(state, ishft(state, -7))
    state = ieor(state, ishft(state, 17))
    urand = (real(ishft(state, -11), wp) + 0.5_wp) * 2.0_wp**(-53)
  end function urand

  subroutine make_galaxy(n, x, y, z, m, seed)
    integer, intent(in) :: n
    real(wp), intent(out) :: x(n), y(n), z(n), m(n)
    integer, intent(in) :: seed
    integer :: i, nd, nb
    real(wp) :: r, phi, u, ct, st
    real(wp), parameter :: mdisc = 5.0e10_wp, rd = 3.0_wp, zd = 0.3_wp
    real(wp), parameter :: mbulge = 1.0e10_wp, ab = 0.6_wp
    real(wp), parameter :: mhalo = 6.0e11_wp, rc = 5.0_wp, rmax = 60.0_wp

    state = state + 7919_8 * int(seed, 8)
    nd = n / 4; nb = n / 10
    do i = 1, n
       phi = 2.0_wp * pi * urand()
       if (i <= nd) then
          ! exponential disc: radius from the gamma(2) distribution, sech^2-like thickness
          r = -rd * log(urand() * urand())
          x(i) = r * cos(phi); y(i) = r * sin(phi)
          u = urand()
          z(i) = zd * 0.5_wp * log(u / (1.0_wp - u))
          m(i) = mdisc / nd
       else
          if (i <= nd + nb) then
             ! Hernquist bulge: M(<r) = M r^2 / (r + a)^2
             u = sqrt(urand())
             r = ab * u / (1.0_wp - u)
             m(i) = mbulge / nb
          else
             ! halo: M(<r) proportional to r - rc atan(r / rc) up to rmax (cored isothermal)
             r = halo_radius(urand(), rc, rmax)
             m(i) = mhalo / (n - nd - nb)
          end if
          ct = 2.0_wp * urand() - 1.0_wp
          st = sqrt(1.0_wp - ct * ct)
          x(i) = r * st * cos(phi); y(i) = r * st * sin(phi); z(i) = r * ct
       end if
    end do
  end subroutine make_galaxy

  real(wp) function halo_radius(u, rc, rmax)
    real(wp), intent(in) :: u, rc, rmax
    real(wp) :: lo, hi, mid, target
    integer :: it
    target = u * (rmax - rc * atan(rmax / rc))
    lo = 0.0_wp; hi = rmax
    do it = 1, 60
       mid = 0.5_wp * (lo + hi)
       if (mid - rc * atan(mid / rc) < target) then
          lo = mid
       else
          hi = mid
       end if
    end do
    halo_radius = 0.5_wp * (lo + hi)
  end function halo_radius

end module galaxy
