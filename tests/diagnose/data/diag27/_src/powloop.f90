! x**e with a real exponent held in a variable, per element: the general pow each time
program powloop
  implicit none
  integer, parameter :: n = 1048576
  real(8), allocatable :: x(:)
  real(8) :: e, t
  integer :: i, s, steps
  character(len=16) :: arg
  steps = 30
  e = 3.0d0
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg); read(arg, *) steps
  end if
  allocate(x(n))
  do i = 1, n
    x(i) = 1.0d0 + i * 1.0d-7
  end do
  t = 0
  do s = 1, steps
    do i = 1, n
      t = t + x(i)**e
    end do
  end do
  print '(a,es14.6)', 'energy=', t
end program powloop
