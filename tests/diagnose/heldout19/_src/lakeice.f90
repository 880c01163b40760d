! Lake-ice model: per-column surface energy balance (OpenMP parallel), then an implicit heat
! diffusion solve along each of the ny lake transects (Thomas algorithm), done in a serial loop.
! Prints a phase table: threads, energy-balance seconds, transect-solve seconds, total.
program lakeice
  use omp_lib
  implicit none
  integer :: nx, ny, nsteps, i, j, s
  character(len=16) :: arg
  real(8), allocatable :: t(:,:), q(:,:), cp(:), dp(:)
  real(8) :: t0, t1, tb, ts, a, b, c, m
  nx = 2000; ny = 400; nsteps = 20
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) nsteps; end if
  allocate(t(nx, ny), q(nx, ny), cp(nx), dp(nx))
  t = 273.0d0; q = 0.0d0; tb = 0.0d0; ts = 0.0d0
  a = -0.2d0; b = 1.4d0; c = -0.2d0
  do s = 1, nsteps
    t0 = omp_get_wtime()
    !$omp parallel do private(i)
    do j = 1, ny
      do i = 1, nx
        q(i, j) = 306.0d0 + 1.0d-3 * (i + j + s) - 5.67d-8 * t(i, j)**4
      end do
    end do
    !$omp end parallel do
    t1 = omp_get_wtime(); tb = tb + (t1 - t0)
    do j = 1, ny
      cp(1) = c / b; dp(1) = (t(1, j) + 1.0d-4 * q(1, j)) / b
      do i = 2, nx
        m = b - a * cp(i - 1)
        cp(i) = c / m
        dp(i) = (t(i, j) + 1.0d-4 * q(i, j) - a * dp(i - 1)) / m
      end do
      t(nx, j) = dp(nx)
      do i = nx - 1, 1, -1
        t(i, j) = dp(i) - cp(i) * t(i + 1, j)
      end do
    end do
    ts = ts + (omp_get_wtime() - t1)
  end do
  write(*, '(a,i2,a,f8.4,a,f8.4,a,f8.4,a,es12.5)') 'threads=', omp_get_max_threads(), ' energy_balance_s=', tb, &
       ' transect_solve_s=', ts, ' total_s=', tb + ts, ' check=', t(nx / 2, ny / 2)
end program lakeice
