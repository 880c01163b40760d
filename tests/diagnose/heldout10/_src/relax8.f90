! Damped relaxation of a small real(8) field, repeated many times (the field fits in L1).
program relax8
  implicit none
  integer, parameter :: n = 2048
  real(8) :: x(n), y(n), s
  real :: c0, c1
  integer :: i, r, reps
  character(len=16) :: arg
  reps = 2000
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) reps
  end if
  do i = 1, n
    x(i) = real(mod(i, 13), 8) * 0.1d0
    y(i) = 0.0d0
  end do
  call cpu_time(c0)
  do r = 1, reps
    do i = 1, n
      y(i) = 0.75d0 * y(i) + 0.25d0 * x(i) * x(i) - 0.01d0
    end do
  end do
  call cpu_time(c1)
  s = sum(y)
  write(*,'(a,i0,a,i0,a,f8.3,a,f8.3)') 'n=', n, ' reps=', reps, ' cpu_s=', c1 - c0, &
       ' ns_per_update=', 1.0e9 * (c1 - c0) / (real(n) * reps)
  write(*,'(a,f20.10)') 'sum=', s
end program relax8
