! each value is written to a string and read back with list-directed internal I/O
program listread
  implicit none
  integer :: i, n
  character(len=32) :: buf
  real(8) :: x, s
  n = 300000
  s = 0d0
  do i = 1, n
     write(buf, *) i * 0.5d0
     read(buf, *) x
     s = s + x
  end do
  print '(A,I0,A,F16.2)', 'values=', n, ' sum=', s
end program listread
