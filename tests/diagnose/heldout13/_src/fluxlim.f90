! MUSCL reconstruction with a minmod slope limiter on a cache-resident 1-D row, repeated many
! times (the pattern of a finite-volume advection sweep); the limiter is the external function
! minmod of limiter.f90, compiled separately.  usage: fluxlim [NSWEEP]
program fluxlim
  implicit none
  integer, parameter :: n = 4000
  real(8) :: q(0:n+1), ql(n), qr(n), a, b, s
  integer :: i, it, nsweep
  character(len=16) :: arg
  real(8) :: t0, t1
  real(8), external :: minmod
  nsweep = 60000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) nsweep
  end if
  do i = 0, n + 1
    q(i) = sin(0.01d0 * i) + 0.3d0 * cos(0.37d0 * i)
  end do
  call cpu_time(t0)
  do it = 1, nsweep
    do i = 1, n
      a = q(i) - q(i-1)
      b = q(i+1) - q(i)
      s = minmod(a, b)
      ql(i) = q(i) - 0.5d0 * s
      qr(i) = q(i) + 0.5d0 * s
    end do
    q(1) = q(1) + 1d-12 * (qr(n) - ql(1))
  end do
  call cpu_time(t1)
  write (*, '(a,i0,a,f8.3,a,f7.3,a,es14.6)') 'sweeps=', nsweep, ' cpu=', t1 - t0, ' s  ns/cell=', &
       1d9 * (t1 - t0) / (dble(nsweep) * n), '  sum=', sum(ql) + sum(qr)
end program fluxlim
