! Diffusion time loop that writes the whole field every output step as formatted text, one value
! per record with ES24.16, to a file opened once. Prints compute and output time.
program dumpfmt
  implicit none
  integer :: n, steps, every, s, i, u
  real(8), allocatable :: f(:), g(:)
  integer(8) :: c0, c1, c2, rate
  real(8) :: tc, to
  character(len=32) :: arg
  n = 100000; steps = 40; every = 10
  if (command_argument_count() >= 2) then
    call get_command_argument(1, arg); read (arg, *) n
    call get_command_argument(2, arg); read (arg, *) steps
  end if
  allocate (f(n), g(n))
  do i = 1, n
    f(i) = sin(0.001d0 * i)
  end do
  g = f
  open (newunit=u, file='field.txt', status='replace', action='write', form='formatted')
  tc = 0; to = 0
  call system_clock(count_rate=rate)
  do s = 1, steps
    call system_clock(c0)
    do i = 2, n - 1
      g(i) = f(i) + 0.2d0 * (f(i - 1) - 2 * f(i) + f(i + 1))
    end do
    f(2:n - 1) = g(2:n - 1)
    call system_clock(c1)
    if (mod(s, every) == 0) then
      do i = 1, n
        write (u, '(ES24.16)') f(i)
      end do
    end if
    call system_clock(c2)
    tc = tc + real(c1 - c0, 8) / rate
    to = to + real(c2 - c1, 8) / rate
  end do
  close (u)
  write (*, '(a,i8,a,i4,a,i3,a,f8.3,a,f8.3)') 'n=', n, ' steps=', steps, ' outputs=', steps / every, &
    ' compute_s=', tc, ' output_s=', to
end program dumpfmt
