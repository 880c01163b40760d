! kiln: heat diffusion in a cubic ceramic block; usage: kiln N TSTEPS
program kiln
  use field
  use heat3d
  implicit none
  integer :: n, tsteps
  character(len=32) :: arg
  real(dp), allocatable :: a(:, :, :), b(:, :, :)
  real :: c0, c1

  if (command_argument_count() /= 2) then
    write (0, '(a)') 'usage: kiln N TSTEPS'
    stop 2
  end if
  call get_command_argument(1, arg)
  read (arg, *) n
  call get_command_argument(2, arg)
  read (arg, *) tsteps
  allocate (a(n, n, n), b(n, n, n))
  call init_field(n, a, b)
  write (*, '(a, i5, a, i6)') 'block n =', n, '   steps =', tsteps
  call cpu_time(c0)
  call diffuse(n, tsteps, a, b)
  call cpu_time(c1)
  call summarise(n, a)
  write (*, '(a, f9.3, a)') 'diffusion:', c1 - c0, ' s cpu'
end program kiln
