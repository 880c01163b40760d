! writes each sample as its own formatted record and flushes the unit after each one
program recwrite
  implicit none
  integer :: i
  real(8) :: x
  open(10, file='samples.dat', status='replace', action='write')
  x = 0.0d0
  do i = 1, 60000
    x = x + 1.0d-3
    write(10, '(I8,1X,ES14.6)') i, sin(x)
    flush(10)
  end do
  close(10)
  print '(A)', 'wrote 60000 samples'
end program
