! Row scaling of a matrix by a vector of weights, written as a product with a diagonal matrix.
program diagscale
  implicit none
  integer :: n, i, j, rep
  real(8), allocatable :: a(:,:), d(:,:), b(:,:), w(:)
  real(8) :: t0, t1
  character(len=16) :: arg
  n = 400
  if (command_argument_count() > 0) then
     call get_command_argument(1, arg); read(arg, *) n
  end if
  allocate(a(n,n), d(n,n), b(n,n), w(n))
  do j = 1, n
     do i = 1, n
        a(i,j) = 1.0d0 / (i + j)
     end do
     w(j) = 1.0d0 + 1.0d-3 * j
  end do
  call cpu_time(t0)
  do rep = 1, 3
     d = 0.0d0
     do i = 1, n
        d(i,i) = w(i)
     end do
     b = matmul(d, a)
  end do
  call cpu_time(t1)
  print '(a,i0,a,f9.4,a,es12.5)', 'n=', n, ' scale_cpu_s=', (t1 - t0) / 3, ' b11=', b(1,1)
end program diagscale
