! Opacity lookup: a table is built first (each entry a trapezoid integral), then every cell of the
! field interpolates in it inside an OpenMP loop. Prints the time of each phase.
program tabinit
  use omp_lib
  implicit none
  integer, parameter :: ntab = 4000, nq = 6000
  integer :: ncell, nsweep, i, k, s, it, m
  real(8), allocatable :: tab(:), temp(:), kap(:)
  real(8) :: t0, t1, t2, x, h, acc, w, y, g
  character(len=32) :: arg
  call get_command_argument(1, arg); read (arg, *) ncell
  call get_command_argument(2, arg); read (arg, *) nsweep
  allocate (tab(0:ntab), temp(ncell), kap(ncell))
  t0 = omp_get_wtime()
  ! phase 1: build the table (serial)
  do k = 0, ntab
    x = 0.1d0 + 10d0*k/ntab
    h = 20d0/nq
    acc = 0d0
    do i = 0, nq
      y = i*h
      w = merge(0.5d0, 1d0, i == 0 .or. i == nq)
      acc = acc + w*y**3*exp(-y/x)/(1d0 + exp(-y))
    end do
    tab(k) = acc*h
  end do
  t1 = omp_get_wtime()
  ! phase 2: interpolate for every cell (parallel)
  do s = 1, nsweep
    !$omp parallel do private(x, it, w, g, m)
    do i = 1, ncell
      temp(i) = 0.1d0 + 10d0*mod(i*7 + s, 9973)/9973d0
      x = (temp(i) - 0.1d0)/10d0*ntab
      it = min(int(x), ntab - 1)
      w = x - it
      g = 0d0
      do m = 1, 8
        g = g + exp(-m*w*temp(i))/m
      end do
      kap(i) = (1d0 - w)*tab(it) + w*tab(it + 1) + 1d-3*g
    end do
    !$omp end parallel do
  end do
  t2 = omp_get_wtime()
  write (*, '(a,i2,a,f8.3,a,f8.3,a,f8.3,a,es12.4)') 'threads=', omp_get_max_threads(), ' table_s=', t1 - t0, &
    ' interpolate_s=', t2 - t1, ' total_s=', t2 - t0, ' kap=', sum(kap)/ncell
end program tabinit
