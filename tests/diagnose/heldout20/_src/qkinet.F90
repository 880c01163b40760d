! qkinet: stiff reaction-network integration (explicit substeps) carried in quadruple precision;
! -DWP=8 builds the same code in double precision.
#ifndef WP
#define WP 16
#endif
program qkinet
  implicit none
  integer, parameter :: wp = WP
  integer, parameter :: ns = 24
  real(wp) :: c(ns), k(ns), dc(ns), dt
  integer :: step, i, nsteps
  integer(8) :: c0, c1, rate
  character(len=16) :: arg
  nsteps = 200000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) nsteps
  end if
  do i = 1, ns
    c(i) = 1.0_wp / i; k(i) = 0.1_wp * i
  end do
  dt = 1.0e-4_wp
  call system_clock(c0, rate)
  do step = 1, nsteps
    do i = 2, ns - 1
      dc(i) = k(i - 1) * c(i - 1) * c(i + 1) - k(i) * c(i) + 0.5_wp * k(i + 1) * c(i + 1) * c(i + 1)
    end do
    do i = 2, ns - 1
      c(i) = c(i) + dt * dc(i)
    end do
  end do
  call system_clock(c1)
  write (*, '(a,i3,a,i8,a,i3,a,f8.4,a,f8.2)') 'kind=', wp, ' steps=', nsteps, ' species=', ns, &
       ' seconds=', real(c1 - c0, 8) / real(rate, 8), ' ns_per_update=', &
       1.0d9 * real(c1 - c0, 8) / real(rate, 8) / (real(nsteps, 8) * (ns - 2))
  write (*, '(a,es24.16)') 'c(ns/2)=', real(c(ns / 2), 8)
end program qkinet
