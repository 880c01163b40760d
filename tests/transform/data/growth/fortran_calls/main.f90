! sieve N MODE: MODE 1 appends per element, 0 fills a preallocated array, 2 runs the
! arithmetic loop with the append on a small N only.
program sieve
  use hits_mod
  use scan_mod
  implicit none
  integer, allocatable :: idx(:)
  integer :: n, mode
  real(8) :: total
  character(len=32) :: arg
  n = 100000
  mode = 1
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() > 1) then
    call get_command_argument(2, arg)
    read (arg, *) mode
  end if
  total = 0
  if (mode == 1) then
    call collect(n, 900, idx)
  else if (mode == 0) then
    call collect_fixed(n, 900, idx)
  else
    call collect(2000, 900, idx)
    call smooth(n, 400, total)
  end if
  print '(a,i0,a,i0,a,es14.6)', 'kept ', size(idx), ' sum ', sum(int(idx, 8)), &
    ' total ', total
end program sieve
