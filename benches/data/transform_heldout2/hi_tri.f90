! Lower-triangular weighting: the inner loop runs to j, so its bounds change with
! the outer loop, though the weight itself depends on the inner index only.
program hi_tri
  implicit none
  integer, parameter :: n = 1800
  real(8), allocatable :: a(:,:)
  real(8) :: w, s
  integer :: i, j
  allocate(a(n, n))
  do j = 1, n
    do i = 1, n
      a(i, j) = dble(mod(i * 3 + j, 19)) - 9.0d0
    end do
  end do
  do j = 1, n
    do i = 1, j
      w = exp(-3.0d-3 * dble(i)) * cos(1.7d-2 * dble(i)) ! HOT
      a(i, j) = a(i, j) * w
    end do
  end do
  s = 0.0d0
  do j = 1, n
    do i = 1, n
      s = s + a(i, j) * dble(1 + mod(i + 2 * j, 5))
    end do
  end do
  print '(a, es25.17)', 'checksum ', s
end program hi_tri
