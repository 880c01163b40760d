! 1-D heat equation with many cheap time steps; before every step the code checks whether the user
! asked it to stop by creating a file named STOP in the run directory.
program stopfile
  implicit none
  integer, parameter :: n = 256
  integer :: nsteps, s, i
  logical :: stop_now
  real(8) :: u(0:n + 1), un(0:n + 1), t0, t1
  character(len=32) :: arg
  call get_command_argument(1, arg); read (arg, *) nsteps
  u = 0d0
  u(n/2) = 1d0
  call cpu_time(t0)
  do s = 1, nsteps
    inquire (file='STOP', exist=stop_now)
    if (stop_now) exit
    do i = 1, n
      un(i) = u(i) + 0.25d0*(u(i - 1) - 2d0*u(i) + u(i + 1))
    end do
    u(1:n) = un(1:n)
  end do
  call cpu_time(t1)
  write (*, '(a,i8,a,f8.3,a,f9.3,a,es12.4)') 'steps=', s - 1, ' cpu_s=', t1 - t0, ' us_per_step=', &
    1d6*(t1 - t0)/(s - 1), ' u(n/2)=', u(n/2)
end program stopfile
