! Implicit 1-D diffusion step: the tridiagonal system is assembled into a dense n x n matrix and
! solved by Gaussian elimination (no pivoting; the matrix is diagonally dominant). Each argument is a
! size n; the solve's CPU time is printed per size.
program tridense
  implicit none
  integer :: n, i, j, k, a1
  real(8), allocatable :: m(:,:), b(:), x(:)
  real(8) :: r, t0, t1
  character(len=32) :: arg
  do a1 = 1, command_argument_count()
    call get_command_argument(a1, arg); read (arg, *) n
    allocate (m(n, n), b(n), x(n))
    r = 0.4d0
    m = 0d0
    do i = 1, n
      m(i, i) = 1d0 + 2d0*r
      if (i > 1) m(i, i - 1) = -r
      if (i < n) m(i, i + 1) = -r
      b(i) = sin(3.14159d0*i/n)
    end do
    call cpu_time(t0)
    do k = 1, n - 1
      do i = k + 1, n
        m(i, k) = m(i, k)/m(k, k)
      end do
      do j = k + 1, n
        do i = k + 1, n
          m(i, j) = m(i, j) - m(i, k)*m(k, j)
        end do
      end do
    end do
    do i = 2, n
      b(i) = b(i) - dot_product(m(i, 1:i - 1), b(1:i - 1))
    end do
    do i = n, 1, -1
      x(i) = (b(i) - dot_product(m(i, i + 1:n), x(i + 1:n)))/m(i, i)
    end do
    call cpu_time(t1)
    write (*, '(a,i6,a,f9.4,a,es12.4)') 'n=', n, ' solve_cpu_s=', t1 - t0, ' x(n/2)=', x(n/2)
    deallocate (m, b, x)
  end do
end program tridense
