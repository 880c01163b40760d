! Fortran OpenMP implicit-in-x line relaxation: for each of the ny rows a parallel do over its nx
! points opens inside the row and time loops (nx = 96: a few hundred nanoseconds of work per region).
! ./rowomp [nx ny steps]
program rowomp
  use omp_lib
  implicit none
  integer :: nx, ny, steps, i, j, s
  real(8), allocatable :: u(:, :), v(:, :)
  real(8) :: t0, t1
  character(len=32) :: arg
  nx = 96; ny = 200; steps = 200
  if (command_argument_count() >= 3) then
    call get_command_argument(1, arg); read (arg, *) nx
    call get_command_argument(2, arg); read (arg, *) ny
    call get_command_argument(3, arg); read (arg, *) steps
  end if
  allocate (u(0:nx + 1, 0:ny + 1), v(0:nx + 1, 0:ny + 1))
  u = 0.0d0; u(:, 0) = 1.0d0; v = u
  t0 = omp_get_wtime()
  do s = 1, steps
    do j = 1, ny
      !$omp parallel do
      do i = 1, nx
        v(i, j) = 0.25d0*(u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
      !$omp end parallel do
    end do
    u = v
  end do
  t1 = omp_get_wtime()
  write (*, '(a,i0,a,i0,a,i0,a,i0,a,i0)') 'threads=', omp_get_max_threads(), ' nx=', nx, ' ny=', ny, &
    ' steps=', steps, ' regions=', ny*steps
  write (*, '(a,f8.3,a,f9.3,a,es14.6)') 'seconds=', t1 - t0, ' us/region=', 1.0d6*(t1 - t0)/(dble(ny)*steps), ' u(1,1)=', u(1, 1)
end program rowomp
