! Reads a text file of reals with a list-directed READ (write mode makes the file first).
program txtin
  implicit none
  integer, parameter :: n = 1500000
  real(8), allocatable :: v(:)
  character(len=16) :: mode, fname
  integer :: u, i
  real :: t0, t1
  call get_command_argument(1, mode)
  call get_command_argument(2, fname)
  allocate(v(n))
  if (mode == 'write') then
    do i = 1, n
      v(i) = sin(0.001d0 * i) * 1.0d3
    end do
    open(newunit=u, file=fname, status='replace')
    write(u, '(5es16.8)') v
    close(u)
  else
    call cpu_time(t0)
    open(newunit=u, file=fname, status='old')
    read(u, *) v
    close(u)
    call cpu_time(t1)
    print '(a,i0,a,f8.3,a,es14.6)', 'values read: ', n, '  cpu time: ', t1 - t0, ' s  sum: ', sum(v)
  end if
end program txtin
