! multipole -- gravitational potential and zonal harmonics of rotating stellar models
!
!   ./multipole [nr=100] [nmu=24] [lmax=18] [models=6]
!
! For a sequence of oblate heterogeneous spheroids (axis ratio c/a from 0.95 down to 0.5)
! the potential is expanded in Legendre polynomials (the self-consistent-field step of
! the group's rotating-star code):
!   rho_l(r) = (2l+1)/2 sum_j w_j rho(r, mu_j) P_l(mu_j)          (Gauss-Legendre in mu)
!   Phi_l(r) = -4 pi G/(2l+1) [ r^-(l+1) int_0^r rho_l s^(l+2) ds + r^l int_r^R rho_l s^(1-l) ds ]
!   Phi(r, mu) = sum_l Phi_l(r) P_l(mu)                             (on the whole grid)
! and the mass, J2, J4, J6, central and surface potentials are printed per model.
program multipole
  use kinds, only: dp, pi, grav
  use legendre, only: legendre_p, gauss_legendre
  use star, only: star_model, density
  implicit none

  integer :: nr, nmu, lmax, nmodels, i, j, l, im
  real(dp), allocatable :: r(:), mu(:), w(:), rho_l(:, :), phi_l(:, :), phi(:, :)
  real(dp), allocatable :: a_in(:), b_out(:)
  real(dp) :: rmax, dr, mass, jl(0:6), fa, fb, v_eq, dphi
  integer :: ieq, ipole
  type(star_model) :: s
  character(len=32) :: arg

  nr = 100; nmu = 24; lmax = 18; nmodels = 6
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nr
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) nmu
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read (arg, *) lmax
  end if
  if (command_argument_count() >= 4) then
    call get_command_argument(4, arg); read (arg, *) nmodels
  end if

  allocate (r(nr), mu(nmu), w(nmu), rho_l(nr, 0:lmax), phi_l(nr, 0:lmax), phi(nr, nmu))
  allocate (a_in(nr), b_out(nr))
  rmax = 1.25_dp
  dr = rmax/nr
  do i = 1, nr
    r(i) = (i - 0.5_dp)*dr
  end do
  call gauss_legendre(nmu, mu, w)
  ieq = nmu/2 + 1          ! the node closest to the equator (mu ~ 0)
  ipole = nmu              ! the node closest to the pole

  write (*, '(a, i0, a, i0, a, i0)') '# multipole expansion: nr = ', nr, ', nmu = ', nmu, &
    ', lmax = ', lmax
  write (*, '(a)') '#   c/a        mass            J2              J4              J6' // &
    '          Phi(0)        Phi(a,eq)      Phi(c,pole)     v_eq'

  do im = 1, nmodels
    s%c = 0.95_dp - 0.45_dp*(im - 1)/max(1, nmodels - 1)

    ! density moments rho_l(r)
    do l = 0, lmax
      do i = 1, nr
        rho_l(i, l) = 0.0_dp
        do j = 1, nmu
          rho_l(i, l) = rho_l(i, l) + w(j)*density(s, r(i), mu(j))*legendre_p(l, mu(j))
        end do
        rho_l(i, l) = 0.5_dp*(2*l + 1)*rho_l(i, l)
      end do
    end do

    ! radial Green's function integrals (midpoint rule, cumulative)
    do l = 0, lmax
      a_in(1) = 0.5_dp*rho_l(1, l)*r(1)**(l + 2)*dr
      do i = 2, nr
        a_in(i) = a_in(i - 1) + 0.5_dp*(rho_l(i - 1, l)*r(i - 1)**(l + 2) + &
                                        rho_l(i, l)*r(i)**(l + 2))*dr
      end do
      b_out(nr) = 0.5_dp*rho_l(nr, l)*r(nr)**(1 - l)*dr
      do i = nr - 1, 1, -1
        b_out(i) = b_out(i + 1) + 0.5_dp*(rho_l(i + 1, l)*r(i + 1)**(1 - l) + &
                                          rho_l(i, l)*r(i)**(1 - l))*dr
      end do
      do i = 1, nr
        phi_l(i, l) = -4.0_dp*pi*grav/(2*l + 1)*(a_in(i)/r(i)**(l + 1) + b_out(i)*r(i)**l)
      end do
      if (l <= 6) jl(l) = 4.0_dp*pi/(2*l + 1)*a_in(nr)
    end do
    mass = jl(0)
    do l = 1, 6
      jl(l) = -jl(l)/(mass*s%a**l)
    end do

    ! potential on the whole (r, mu) grid, for the next SCF iteration
    do j = 1, nmu
      do i = 1, nr
        phi(i, j) = 0.0_dp
        do l = 0, lmax
          phi(i, j) = phi(i, j) + phi_l(i, l)*legendre_p(l, mu(j))
        end do
      end do
    end do

    ! surface values by linear interpolation in r; equatorial circular velocity
    i = min(nr - 1, int(s%a/dr + 0.5_dp))
    fb = (s%a - r(i))/dr
    fa = phi(i, ieq)*(1.0_dp - fb) + phi(i + 1, ieq)*fb
    dphi = (phi(i + 1, ieq) - phi(i, ieq))/dr
    v_eq = sqrt(max(0.0_dp, s%a*dphi))
    i = min(nr - 1, int(s%c/dr + 0.5_dp))
    fb = (s%c - r(i))/dr
    fb = phi(i, ipole)*(1.0_dp - fb) + phi(i + 1, ipole)*fb
    write (*, '(f8.4, 3x, 4es16.8, 3f15.8, f10.6)') s%c, mass, jl(2), jl(4), jl(6), &
      phi(1, ieq), fa, fb, v_eq
  end do

  ! check on the last model: outside the star, at the pole, the expansion must agree with
  ! the exterior series -GM/r (1 - J2 (a/r)^2 - J4 (a/r)^4 - J6 (a/r)^6)
  fa = -grav*mass/r(nr)*(1.0_dp - jl(2)*(s%a/r(nr))**2 - jl(4)*(s%a/r(nr))**4 - &
                          jl(6)*(s%a/r(nr))**6)
  write (*, '(a, f10.6, a, f12.8, a, f12.8)') 'outside check: r = ', r(nr), &
    '  Phi(pole) = ', phi(nr, ipole), '  series to J6 = ', fa
end program multipole
