! Particle tracker that logs one line per particle per step to a trace file and flushes the unit
! after every line ("flush", as written) or not ("noflush", the fix). Prints CPU time.
program flushlog
  implicit none
  integer, parameter :: np = 2000
  integer :: s, p, u, steps
  real(8) :: x(np), v(np)
  real :: c0, c1
  character(len=16) :: mode
  character(len=256) :: path
  call get_command_argument(1, mode)
  call get_command_argument(2, path)
  steps = 100
  do p = 1, np
    x(p) = real(p, 8) * 1.0d-3
    v(p) = 0.0d0
  end do
  open(newunit=u, file=trim(path), status='replace', action='write')
  call cpu_time(c0)
  do s = 1, steps
    do p = 1, np
      v(p) = v(p) - 1.0d-2 * x(p)
      x(p) = x(p) + 1.0d-2 * v(p)
      write(u, '(i6,1x,i6,2es14.6)') s, p, x(p), v(p)
      if (trim(mode) == 'flush') flush(u)
    end do
  end do
  call cpu_time(c1)
  close(u)
  write(*,'(a,a,a,i0,a,f8.3,a,es14.6)') 'mode=', trim(mode), ' lines=', steps * np, ' cpu_s=', c1 - c0, &
       ' x_sum=', sum(x)
end program flushlog
