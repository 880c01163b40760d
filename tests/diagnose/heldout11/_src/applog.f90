! Monte-Carlo walkers; every accepted move is appended to a log file that is opened and closed per record.
program applog
  implicit none
  integer :: nw, ns, w, s, u, nacc
  real(8) :: pos, r, t0, t1
  character(len=16) :: arg
  nw = 4000; ns = 5
  if (command_argument_count() > 0) then
     call get_command_argument(1, arg); read(arg, *) nw
  end if
  nacc = 0
  call cpu_time(t0)
  do s = 1, ns
     do w = 1, nw
        call random_number(r)
        pos = w * 1.0d-3 + r
        if (r > 0.2d0) then
           nacc = nacc + 1
           open(newunit=u, file='walkers.log', position='append', action='write')
           write(u, '(i6,1x,i8,1x,f12.6)') s, w, pos
           close(u)
        end if
     end do
  end do
  call cpu_time(t1)
  print '(a,i0,a,f8.3)', 'accepted=', nacc, ' cpu_s=', t1 - t0
end program applog
