! Explicit update whose work array is allocated and deallocated inside the time loop.
program allocstep
  implicit none
  integer, parameter :: n = 8000000
  integer :: s, steps, i
  real(8), allocatable :: u(:), w(:)
  real :: c0, c1
  character(len=16) :: arg
  steps = 40
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) steps
  end if
  allocate(u(n))
  do i = 1, n
    u(i) = 1.0d0 + mod(i, 9) * 1.0d-3
  end do
  call cpu_time(c0)
  do s = 1, steps
    allocate(w(n))
    do i = 1, n
      w(i) = 0.5d0 * u(i)
    end do
    do i = 1, n
      u(i) = u(i) + 1.0d-3 * w(i)
    end do
    deallocate(w)
  end do
  call cpu_time(c1)
  write(*,'(a,i0,a,f6.1,a,f8.3,a,es14.6)') 'steps=', steps, ' work_array_MB=', 8.0*n/1.0e6, &
       ' cpu_s=', c1 - c0, ' u_sum=', sum(u)
end program allocstep
