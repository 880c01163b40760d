! Shallow-water style relaxation: the initial surface is built serially as a sum of 60 Gaussian
! bumps per cell (the set-up), then 20 OpenMP-parallel smoothing steps run on it.
! usage: setupser [N]   (grid N x N)
program setupser
  use omp_lib
  implicit none
  integer, parameter :: nb = 60
  integer :: n, i, j, b, s
  real(8), allocatable :: h(:,:), hn(:,:)
  real(8) :: bx(nb), by(nb), amp(nb), x, y, t0, t1, t2
  character(len=16) :: arg
  n = 700
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate (h(n, n), hn(n, n))
  do b = 1, nb
    bx(b) = mod(0.37d0 * b, 1d0)
    by(b) = mod(0.61d0 * b, 1d0)
    amp(b) = 0.1d0 + 0.01d0 * b
  end do
  t0 = omp_get_wtime()
  do j = 1, n
    do i = 1, n
      x = dble(i) / n
      y = dble(j) / n
      h(i, j) = 1d0
      do b = 1, nb
        h(i, j) = h(i, j) + amp(b) * exp(-((x - bx(b))**2 + (y - by(b))**2) * 400d0)
      end do
    end do
  end do
  t1 = omp_get_wtime()
  do s = 1, 20
    !$omp parallel do
    do j = 2, n - 1
      do i = 2, n - 1
        hn(i, j) = 0.2d0 * (h(i, j) + h(i-1, j) + h(i+1, j) + h(i, j-1) + h(i, j+1))
      end do
    end do
    !$omp end parallel do
    !$omp parallel do
    do j = 2, n - 1
      h(2:n-1, j) = hn(2:n-1, j)
    end do
    !$omp end parallel do
  end do
  t2 = omp_get_wtime()
  write (*, '(a,i0,a,i0,a,f8.3,a,es14.6)') 'threads=', omp_get_max_threads(), ' n=', n, ' wall=', t2 - t0, &
       ' s  h(n/2,n/2)=', h(n/2, n/2)
  write (*, '(a,f8.3,a,f8.3,a)') '  initial surface', t1 - t0, ' s   smoothing steps', t2 - t1, ' s'
end program setupser
