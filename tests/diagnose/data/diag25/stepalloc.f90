! A work array allocated per step (mode 'step') or once (mode 'once').
program stepalloc
  implicit none
  integer, parameter :: n = 6000000, steps = 15
  real(8), allocatable :: w(:)
  character(len=8) :: mode
  real(8) :: acc
  integer :: s
  call get_command_argument(1, mode)
  acc = 0
  if (mode /= 'step') allocate(w(n))
  do s = 1, steps
    if (mode == 'step') allocate(w(n))
    w = real(s, 8)
    acc = acc + sum(w)
    if (mode == 'step') deallocate(w)
  end do
  print '(a,i0,a,es12.4)', 'steps: ', steps, '  acc: ', acc
end program stepalloc
