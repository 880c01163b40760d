! permafrost: ground temperature of a soil column under an annual surface cycle with a
! warming trend; implicit Euler, daily steps, freeze/thaw by apparent heat capacity.
!
!   ./permafrost [nodes=200] [years=3] [depth=30] [trend=0.05]
!
! Prints per year the active-layer thickness, the mean annual ground temperature at 1, 5
! and 15 m, the days of zero curtain at 0.3 m, and the solver's cpu time at the end.
program permafrost
  use soil
  use linsolve, only: solve
  implicit none

  integer :: n, years, nday, day, i, iy, i1, i5, i15, i05, nargs, curtain
  real(dp) :: depth, trend, dt, ts, t_mean, amplitude, q_geo, alt, alt_year, t0, t1
  real(dp) :: m1, m5, m15, kw, ke, zthaw
  real(dp), allocatable :: t(:), tnew(:), a(:, :), b(:), c(:), k(:)
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  type(column_t) :: col

  n = 200; years = 3; depth = 30.0_dp; trend = 0.05_dp
  nargs = command_argument_count()
  if (nargs >= 1) then; call get_command_argument(1, arg); read(arg, *) n; end if
  if (nargs >= 2) then; call get_command_argument(2, arg); read(arg, *) years; end if
  if (nargs >= 3) then; call get_command_argument(3, arg); read(arg, *) depth; end if
  if (nargs >= 4) then; call get_command_argument(4, arg); read(arg, *) trend; end if

  call make_column(col, n, depth)
  allocate(t(n), tnew(n), a(n, n), b(n), c(n), k(0:n))
  dt = 86400.0_dp
  t_mean = -6.0_dp; amplitude = 16.0_dp; q_geo = 0.06_dp
  i1 = nearest(1.0_dp); i5 = nearest(5.0_dp); i15 = nearest(15.0_dp); i05 = nearest(0.3_dp)

  ! initial state: the mean surface temperature plus the geothermal gradient
  do i = 1, n
     t(i) = t_mean + q_geo / col%k_frozen(i) * col%z(i)
  end do

  write(*, '(a, i0, a, f5.1, a, i0, a, f5.3, a)') 'permafrost: ', n, ' nodes to ', depth, &
       ' m, ', years, ' years, trend ', trend, ' K/yr'
  write(*, '(a)') ' year   ALT(m)   MAGT 1m   MAGT 5m  MAGT 15m  curtain(d)'

  call cpu_time(t0)
  call system_clock(c0, rate)
  nday = 365
  do iy = 1, years
     alt_year = 0.0_dp; m1 = 0.0_dp; m5 = 0.0_dp; m15 = 0.0_dp; curtain = 0
     do day = 1, nday
        ts = surface_temperature(real((iy - 1) * nday + day, dp), t_mean, amplitude, trend)
        ! interface conductivities (harmonic mean), k(0) to the surface
        k(0) = conductivity(col, 1, t(1))
        do i = 1, n - 1
           kw = conductivity(col, i, t(i)); ke = conductivity(col, i + 1, t(i + 1))
           k(i) = 2.0_dp * kw * ke / (kw + ke)
        end do
        do i = 1, n
           c(i) = capacity(col, i, t(i)) * col%dz(i) / dt
        end do
        ! the implicit system, assembled as a full matrix for the library's solver
        a = 0.0_dp
        do i = 1, n
           if (i == 1) then
              a(1, 1) = c(1) + k(0) / col%z(1) + k(1) / (col%z(2) - col%z(1))
              a(1, 2) = -k(1) / (col%z(2) - col%z(1))
              b(1) = c(1) * t(1) + k(0) / col%z(1) * ts
           else if (i == n) then
              a(n, n - 1) = -k(n - 1) / (col%z(n) - col%z(n - 1))
              a(n, n) = c(n) + k(n - 1) / (col%z(n) - col%z(n - 1))
              b(n) = c(n) * t(n) + q_geo
           else
              a(i, i - 1) = -k(i - 1) / (col%z(i) - col%z(i - 1))
              a(i, i + 1) = -k(i) / (col%z(i + 1) - col%z(i))
              a(i, i) = c(i) - a(i, i - 1) - a(i, i + 1)
              b(i) = c(i) * t(i)
           end if
        end do
        call solve(a, b, n)
        t = b
        ! thaw depth: the deepest node above 0 degC connected to the surface
        zthaw = 0.0_dp
        do i = 1, n
           if (t(i) <= 0.0_dp) exit
           zthaw = col%z(i)
        end do
        alt_year = max(alt_year, zthaw)
        m1 = m1 + t(i1); m5 = m5 + t(i5); m15 = m15 + t(i15)
        if (abs(t(i05)) < 0.1_dp) curtain = curtain + 1
     end do
     alt = alt_year
     write(*, '(i5, f9.3, 3f10.4, i12)') iy, alt, m1 / nday, m5 / nday, m15 / nday, curtain
  end do
  call system_clock(c1)
  call cpu_time(t1)
  write(*, '(a, es12.5)') 'temperature at the bottom: ', t(n)
  write(*, '(a, f8.3, a, f8.3, a, i0, a)') 'solver: ', real(c1 - c0, dp) / real(rate, dp), &
       ' s wall, ', t1 - t0, ' s cpu (', years * nday, ' steps)'

contains

  integer function nearest(zz)
    real(dp), intent(in) :: zz
    nearest = minloc(abs(col%z - zz), 1)
  end function nearest

end program permafrost
