! Lattice-Boltzmann-like relaxation of a small 1-D field; after every step the diagnostics
! (step, mass, max) are appended to diag.log by opening the file with position='append',
! writing one line and closing it again.  usage: diagappend [NSTEP]
program diagappend
  implicit none
  integer, parameter :: n = 512
  real(8) :: f(n), g(n)
  integer :: s, i, nstep, u
  character(len=16) :: arg
  nstep = 40000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) nstep
  end if
  do i = 1, n
    f(i) = 1d0 + 0.1d0 * sin(0.05d0 * i)
  end do
  open (newunit=u, file='diag.log', status='replace')
  close (u)
  do s = 1, nstep
    do i = 2, n - 1
      g(i) = f(i) + 0.25d0 * (f(i-1) - 2d0 * f(i) + f(i+1))
    end do
    f(2:n-1) = g(2:n-1)
    open (newunit=u, file='diag.log', position='append', action='write')
    write (u, '(i8,2es16.8)') s, sum(f), maxval(f)
    close (u)
  end do
  print '(a,i0,a,es16.8)', 'steps=', nstep, ' mass=', sum(f)
end program diagappend
