! Column-by-column damping of a matrix: the damping factor of row i is the same
! for every column j, but it is recomputed inside the column loop.
program hi_decay
  implicit none
  integer, parameter :: n = 1400, m = 1100
  real(8), allocatable :: a(:,:), b(:)
  real(8) :: alpha, beta, phi, w, s
  integer :: i, j
  allocate(a(n, m), b(m))
  alpha = 1.3d-3
  beta = 2.9d-2
  phi = 0.4d0
  do j = 1, m
    b(j) = dble(mod(j, 13)) * 0.01d0
    do i = 1, n
      a(i, j) = dble(mod(i + 3 * j, 17)) - 8.0d0
    end do
  end do
  do j = 1, m
    do i = 1, n
      w = exp(-alpha * dble(i)) * sin(beta * dble(i) + phi) ! HOT
      a(i, j) = a(i, j) * w + b(j)
    end do
  end do
  s = 0.0d0
  do j = 1, m
    do i = 1, n
      s = s + a(i, j) * dble(1 + mod(i + j, 7))
    end do
  end do
  print '(a, es25.17)', 'checksum ', s
end program hi_decay
