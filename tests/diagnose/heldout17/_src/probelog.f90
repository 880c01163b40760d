! Tide-gauge probe logger: a shallow-water step (cheap) followed by one line per probe written to
! probes.log, opening the file with position='append' and closing it again for every line.
! ./probelog PROBES STEPS   prints steps, lines written, seconds
program probelog
  implicit none
  integer :: np, steps, s, p, u, i
  real(8), allocatable :: h(:)
  real(8) :: t0, t1
  character(len=32) :: arg
  np = 50; steps = 400
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) np
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (h(1000))
  h = 1d0
  call cpu_time(t0)
  open (newunit=u, file='probes.log', status='replace'); close (u)
  do s = 1, steps
    do i = 2, 999
      h(i) = h(i) + 1d-3 * (h(i - 1) - 2d0 * h(i) + h(i + 1)) + 1d-6 * sin(1d-2 * s)
    end do
    do p = 1, np
      open (newunit=u, file='probes.log', position='append', status='old', action='write')
      write (u, '(i8,i6,es16.8)') s, p, h(1 + (p * 997) / np)
      close (u)
    end do
  end do
  call cpu_time(t1)
  write (*, '(a,i6,a,i8,a,f8.3)') 'probelog: steps', steps, ' lines', steps * np, ' cpu_seconds', t1 - t0
end program probelog
