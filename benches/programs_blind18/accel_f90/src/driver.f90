program nodalkick
  use grid_mod
  use fields
  use accelerate
  implicit none
  integer :: nx, ny, nsteps, step, j, k
  character(len=32) :: arg
  real(dp) :: dt, t0, t1, elapsed, sx, sy, kin
  nx = 1200; ny = 1200; nsteps = 40
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read(arg, *) nx
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read(arg, *) ny
  end if
  if (command_argument_count() >= 3) then
    call get_command_argument(3, arg); read(arg, *) nsteps
  end if
  call allocate_fields(nx, ny)
  call initial_state(10.0_dp / nx, 10.0_dp / ny)
  dt = 0.004_dp
  elapsed = 0.0_dp
  do step = 1, nsteps
    call cpu_time(t0)
    call accelerate_kernel(dt)
    call cpu_time(t1)
    elapsed = elapsed + (t1 - t0)
    xvel0 = xvel1
    yvel0 = yvel1
  end do
  sx = 0.0_dp; sy = 0.0_dp; kin = 0.0_dp
  do k = y_min, y_max+1
    do j = x_min, x_max+1
      sx = sx + xvel1(j,k)
      sy = sy + yvel1(j,k)
      kin = kin + xvel1(j,k)**2 + yvel1(j,k)**2
    end do
  end do
  write(*,'(a,i0,a,i0,a,i0,a)') ' nodalkick: ', nx, ' x ', ny, ' cells, ', nsteps, ' steps'
  write(*,'(a,es22.14)') ' xvel sum   ', sx
  write(*,'(a,es22.14)') ' yvel sum   ', sy
  write(*,'(a,es22.14)') ' kinetic    ', kin
  write(*,'(a,es22.14)') ' probe xvel ', xvel1(nx/3, ny/2)
  write(*,'(a,es22.14)') ' probe yvel ', yvel1(nx/2, ny/3)
  write(*,'(a,f10.4,a)') ' accelerate: ', elapsed, ' s (cpu)'
end program nodalkick
