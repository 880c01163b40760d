! Reads an input field of real(8) values: 'write' makes the text input file, 'text' reads it with a
! list-directed READ (as written), 'bin' writes and reads the same values as unformatted stream (the fix).
! Prints CPU time of the read and a checksum.
program listread
  implicit none
  integer, parameter :: n = 2000000
  real(8), allocatable :: a(:)
  real :: c0, c1
  integer :: u, i
  character(len=8) :: mode
  character(len=256) :: path
  call get_command_argument(1, mode)
  call get_command_argument(2, path)
  allocate(a(n))
  if (trim(mode) == 'write') then
    do i = 1, n
      a(i) = sin(real(i, 8) * 1.0d-3) * 1.0d3
    end do
    open(newunit=u, file=trim(path), form='formatted', status='replace')
    write(u, '(5es24.15)') a
    close(u)
    open(newunit=u, file=trim(path)//'.bin', form='unformatted', access='stream', status='replace')
    write(u) a
    close(u)
    stop
  end if
  call cpu_time(c0)
  if (trim(mode) == 'text') then
    open(newunit=u, file=trim(path), form='formatted', status='old', action='read')
    read(u, *) a
  else
    open(newunit=u, file=trim(path)//'.bin', form='unformatted', access='stream', status='old', action='read')
    read(u) a
  end if
  close(u)
  call cpu_time(c1)
  write(*,'(a,a,a,i0,a,f8.3,a,es16.8)') 'read mode=', trim(mode), ' values=', n, ' read_cpu_s=', c1 - c0, &
       ' checksum=', sum(a)
end program listread
