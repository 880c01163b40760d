! 2-D five-point update with the outer loop over the first (contiguous) index: the inner loop
! strides by the leading dimension
program stencil_cols
  implicit none
  integer, parameter :: n = 1200
  real(8), allocatable :: u(:,:), v(:,:)
  integer :: i, j, it
  allocate(u(n,n), v(n,n))
  u = 1.0d0; v = 0.0d0
  do it = 1, 3
    do i = 2, n - 1
      do j = 2, n - 1
        v(i,j) = 0.25d0 * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
      end do
    end do
    u = v
  end do
  print *, 'u(n/2,n/2) =', u(n/2, n/2)
end program
