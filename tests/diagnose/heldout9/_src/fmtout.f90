! Writes a field one value per formatted WRITE statement (es24.16) after a short compute
! phase; prints the time of each phase. 'unf' writes the same array with one unformatted WRITE.
program fmtout
  implicit none
  integer :: n, i, s
  real(8), allocatable :: u(:)
  real(8) :: t0, t1, t2
  character(len=16) :: arg, mode
  n = 1500000
  mode = 'fmt'
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read(arg, *) n
  end if
  if (command_argument_count() >= 2) call get_command_argument(2, mode)
  allocate(u(n))
  call cpu_time(t0)
  do i = 1, n
    u(i) = sin(1d-3 * i)
  end do
  do s = 1, 20
    u(2:n-1) = 0.25d0 * u(1:n-2) + 0.5d0 * u(2:n-1) + 0.25d0 * u(3:n)
  end do
  call cpu_time(t1)
  if (trim(mode) == 'unf') then
    open(10, file='field.dat', form='unformatted', access='stream', status='replace')
    write(10) u
  else
    open(10, file='field.txt', form='formatted', status='replace')
    do i = 1, n
      write(10, '(es24.16)') u(i)
    end do
  end if
  close(10)
  call cpu_time(t2)
  write(*,'(a,a,a,i0,a,f7.3,a,f7.3,a)') 'mode=', trim(mode), ' n=', n, ' compute_cpu=', t1 - t0, &
       ' s output_cpu=', t2 - t1, ' s'
end program fmtout
