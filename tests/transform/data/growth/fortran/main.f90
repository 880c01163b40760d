program growth_main
  use select_mod, only: pick
  implicit none
  real(8), allocatable :: kept(:)
  character(len=32) :: arg
  integer :: n
  real :: t0, t1

  call get_command_argument(1, arg)
  read (arg, *) n
  call cpu_time(t0)
  call pick(n, kept)
  call cpu_time(t1)
  print '(a, i0, a, es22.15)', 'kept ', size(kept), ' sum ', sum(kept)
  print '(a, es22.15)', 'last ', kept(size(kept))
  write (0, '(a, f10.4)') 'cpu ', t1 - t0
end program growth_main
