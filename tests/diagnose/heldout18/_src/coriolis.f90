! Coriolis rotation of the horizontal wind on a 3-D grid; the OpenMP directive sits on the
! innermost loop over i, so a parallel region starts and ends nz*ny times per step for nx points.
! usage: coriolis NX NY NZ STEPS ; prints threads and seconds
program coriolis
  use omp_lib
  implicit none
  integer :: nx, ny, nz, steps, i, j, k, s
  double precision, allocatable :: u(:, :, :), v(:, :, :)
  double precision :: t0, t, un, f
  character(len=32) :: arg
  nx = 64; ny = 64; nz = 40; steps = 20
  if (command_argument_count() >= 4) then
    call get_command_argument(1, arg); read (arg, *) nx
    call get_command_argument(2, arg); read (arg, *) ny
    call get_command_argument(3, arg); read (arg, *) nz
    call get_command_argument(4, arg); read (arg, *) steps
  end if
  allocate (u(nx, ny, nz), v(nx, ny, nz))
  u = 10.0d0; v = 0.0d0; f = 1.0d-4*60.0d0
  t0 = omp_get_wtime()
  do s = 1, steps
    do k = 1, nz
      do j = 1, ny
!$omp parallel do private(un)
        do i = 1, nx
          un = u(i, j, k) + f*v(i, j, k)
          v(i, j, k) = v(i, j, k) - f*un
          u(i, j, k) = un
        end do
!$omp end parallel do
      end do
    end do
  end do
  t = omp_get_wtime() - t0
  write (*, '(a,i3,a,i4,a,i4,a,i4,a,i4,a,f9.4,a,f9.2,a,i9)') 'coriolis threads=', omp_get_max_threads(), ' nx=', nx, &
    ' ny=', ny, ' nz=', nz, ' steps=', steps, ' seconds=', t, ' ns/point=', 1.0d9*t/(dble(nx)*ny*nz*steps), &
    ' regions=', ny*nz*steps
  write (*, '(a,f12.6)') 'u(1,1,1)=', u(1, 1, 1)
end program coriolis
