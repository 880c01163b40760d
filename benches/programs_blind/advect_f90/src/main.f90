! advect: rotate a Gaussian blob with the upwind scheme and report its mass and peak
! usage: advect [nx] [ny] [steps]
program advect
  use advection
  implicit none
  integer :: nx, ny, steps, step
  real(dp), allocatable :: q(:, :), qn(:, :), u(:, :), v(:, :)
  integer(8) :: c0, c1, rate
  character(len=32) :: arg
  real(dp) :: cfl

  nx = 1200
  ny = 1200
  steps = 60
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) nx
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) ny
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg)
    read (arg, *) steps
  end if
  cfl = 0.4_dp * real(min(nx, ny) - 1, dp) / real(max(nx, ny) - 1, dp)

  allocate (q(nx, ny), qn(nx, ny), u(nx, ny), v(nx, ny))
  call init_fields(nx, ny, q, u, v)
  write (*, '(a, i0, a, i0, a, i0)') ' grid ', nx, ' x ', ny, '  steps ', steps

  call system_clock(c0, rate)
  do step = 1, steps
    call upwind_step(nx, ny, cfl, q, u, v, qn)
    q = qn
  end do
  call system_clock(c1)

  write (*, '(a, f10.4)') ' wall clock (s) :', real(c1 - c0, dp) / real(rate, dp)
  write (*, '(a, es22.14)') ' tracer mass    :', tracer_mass(nx, ny, q)
  write (*, '(a, es22.14)') ' tracer peak    :', maxval(q)
  deallocate (q, qn, u, v)
end program advect
