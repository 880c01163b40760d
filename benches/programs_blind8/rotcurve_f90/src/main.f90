! rotcurve: circular velocity v_c(R) = sqrt(R a_R) in the disc plane of an N-body galaxy
! model, averaged over azimuth, by direct summation over all particles.
!
!   ./rotcurve [particles=80000] [radii=30] [azimuths=8] [seed=1]
!
! Prints the table R, v_c, its azimuthal scatter and the potential, the peak of the curve,
! and the wall and cpu time of the summation.
program rotcurve
  use kinds, only: wp
  use galaxy, only: make_galaxy
  use field, only: field_at
  implicit none

  integer :: n, nr, naz, seed, i, k, nargs, ipeak
  real(wp), allocatable :: x(:), y(:), z(:), m(:), vc(:), dv(:), phi(:), rr(:)
  real(wp) :: r, th, pot, ar, s1, s2, sp, t0, t1, eps, v
  integer(8) :: c0, c1, rate
  character(len=32) :: arg

  n = 80000; nr = 30; naz = 8; seed = 1
  nargs = command_argument_count()
  if (nargs >= 1) then; call get_command_argument(1, arg); read(arg, *) n; end if
  if (nargs >= 2) then; call get_command_argument(2, arg); read(arg, *) nr; end if
  if (nargs >= 3) then; call get_command_argument(3, arg); read(arg, *) naz; end if
  if (nargs >= 4) then; call get_command_argument(4, arg); read(arg, *) seed; end if

  allocate(x(n), y(n), z(n), m(n), vc(nr), dv(nr), phi(nr), rr(nr))
  call make_galaxy(n, x, y, z, m, seed)
  eps = 0.1_wp
  write(*, '(a, i0, a, i0, a, i0, a, f5.2, a)') 'rotcurve: ', n, ' particles, ', nr, &
       ' radii x ', naz, ' azimuths, softening ', eps, ' kpc'

  call cpu_time(t0)
  call system_clock(c0, rate)
  do i = 1, nr
     r = 0.5_wp * i
     rr(i) = r
     s1 = 0.0_wp; s2 = 0.0_wp; sp = 0.0_wp
     do k = 1, naz
        th = 2.0_wp * 3.14159265358979_wp * (k - 0.5_wp) / naz
        call field_at(n, x, y, z, m, r * cos(th), r * sin(th), eps, pot, ar)
        v = sqrt(max(0.0_wp, -r * ar))
        s1 = s1 + v; s2 = s2 + v * v; sp = sp + pot
     end do
     vc(i) = s1 / naz
     dv(i) = sqrt(max(0.0_wp, s2 / naz - vc(i)**2))
     phi(i) = sp / naz
  end do
  call system_clock(c1)
  call cpu_time(t1)

  write(*, '(a)') '  R (kpc)   v_c (km/s)   scatter    Phi (km/s)^2'
  do i = 1, nr
     write(*, '(f9.2, f13.5, f10.5, es16.7)') rr(i), vc(i), dv(i), phi(i)
  end do
  ipeak = maxloc(vc, 1)
  write(*, '(a, f9.4, a, f6.2, a)') 'peak: v_c = ', vc(ipeak), ' km/s at R = ', rr(ipeak), ' kpc'
  write(*, '(a, f8.3, a, f8.3, a)') 'summation: ', real(c1 - c0, wp) / real(rate, wp), &
       ' s wall, ', t1 - t0, ' s cpu'
end program rotcurve
