! water drops falling with quadratic drag, explicit Euler, every step logged
program drops
  use droplog
  implicit none
  integer :: d, s, n, steps
  character(len=16) :: arg
  real(8) :: z, v, k, dt
  n = 6
  steps = 3000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  dt = 1d-3
  call log_start(n)
  do d = 1, n
    z = 100d0
    v = 0d0
    k = 0.002d0 * d
    do s = 1, steps
      v = v + dt * (9.81d0 - k * v * abs(v))
      z = z - dt * v
      call log_sample(d, s * dt, z, v)
    end do
  end do
end program drops
