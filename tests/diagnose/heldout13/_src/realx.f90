! Implicit-free 1-D conduction with a temperature-dependent conductivity, carried entirely in
! real(kind=10) (x87 80-bit extended precision) "to be safe".  usage: realx [NSTEP]
program realx
  implicit none
  integer, parameter :: ep = 10, n = 2000
  real(ep) :: t(0:n+1), tn(n), kf, kb, dt
  integer :: i, s, nstep
  character(len=16) :: arg
  real(8) :: c0, c1
  nstep = 40000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) nstep
  end if
  do i = 0, n + 1
    t(i) = 300.0_ep + 50.0_ep * real(mod(i, 40), ep) / 40.0_ep
  end do
  dt = 0.1_ep
  call cpu_time(c0)
  do s = 1, nstep
    do i = 1, n
      kf = 1.0_ep + 1.0e-3_ep * (t(i+1) + t(i))
      kb = 1.0_ep + 1.0e-3_ep * (t(i) + t(i-1))
      tn(i) = t(i) + dt * (kf * (t(i+1) - t(i)) - kb * (t(i) - t(i-1))) * 1.0e-2_ep
    end do
    t(1:n) = tn
  end do
  call cpu_time(c1)
  write (*, '(a,i0,a,f8.3,a,f7.3,a,f12.6)') 'steps=', nstep, ' cpu=', c1 - c0, ' s  ns/cell-step=', &
       1d9 * (c1 - c0) / (dble(nstep) * n), '  t(n/2)=', real(t(n/2), 8)
end program realx
