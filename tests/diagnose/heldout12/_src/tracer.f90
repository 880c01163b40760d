! Tracer advection on an n x n grid (column-major arrays), explicit centred update.
! The nest runs i (first index) outer and j (second index) inner: the inner loop strides by n.
program tracer
  implicit none
  integer :: n, nsteps, i, j, s
  real(8), allocatable :: q(:,:), u(:,:), v(:,:), qn(:,:)
  real(8) :: t0, t1, c, chk
  character(len=32) :: arg
  call get_command_argument(1, arg); read (arg, *) n
  call get_command_argument(2, arg); read (arg, *) nsteps
  allocate (q(n, n), u(n, n), v(n, n), qn(n, n))
  do j = 1, n
    do i = 1, n
      q(i, j) = exp(-((i - n/3)**2 + (j - n/2)**2) / (0.01d0*n*n))
      u(i, j) = 0.5d0 + 0.1d0*sin(6.28d0*j/n)
      v(i, j) = 0.3d0 - 0.1d0*cos(6.28d0*i/n)
    end do
  end do
  qn = q
  c = 0.05d0
  call cpu_time(t0)
  do s = 1, nsteps
    do i = 2, n - 1
      do j = 2, n - 1
        qn(i, j) = q(i, j) - c*(u(i, j)*(q(i + 1, j) - q(i - 1, j)) + v(i, j)*(q(i, j + 1) - q(i, j - 1)))
      end do
    end do
    do i = 2, n - 1
      do j = 2, n - 1
        q(i, j) = qn(i, j) - c*(u(i, j)*(qn(i + 1, j) - qn(i - 1, j)) + v(i, j)*(qn(i, j + 1) - qn(i, j - 1)))
      end do
    end do
  end do
  call cpu_time(t1)
  chk = sum(q)
  write (*, '(a,i6,a,i4,a,f8.3,a,f8.2,a,es14.6)') 'n=', n, ' steps=', nsteps, ' cpu_s=', t1 - t0, &
    ' ns_per_cell_update=', 1d9*(t1 - t0)/(2d0*nsteps*dble(n - 2)**2), ' sum=', chk
end program tracer
