program relax
  use kernels
  implicit none
  integer :: n, sweeps, k, i
  character(len=32) :: arg
  real(8), allocatable :: a(:), b(:)
  integer(8) :: c0, c1, rate
  n = 2000000
  sweeps = 40
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) sweeps
  end if
  allocate (a(n), b(n))
  do i = 1, n
    a(i) = mod(i, 17) * 0.1d0
  end do
  b = a
  call system_clock(c0, rate)
  do k = 1, sweeps
    call smooth(n, a, b)
  end do
  call system_clock(c1)
  write (*, '(a,i10,a,i5)') ' relax: n =', n, ' sweeps =', sweeps
  write (*, '(a,f10.4)') ' elapsed seconds:', real(c1 - c0, 8) / real(rate, 8)
  write (*, '(a,es20.12)') ' sum of field:', sum(a)
end program relax
