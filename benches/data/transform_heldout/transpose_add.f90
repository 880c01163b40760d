! b = b + transpose(a), walking a by columns.
program tadd
  implicit none
  integer, parameter :: n = 150
  real(8) :: a(n, n), b(n, n)
  real(8) :: s
  integer :: i, j
  do j = 1, n
    do i = 1, n
      a(i, j) = dble(mod(i + 3 * j, 7))
      b(i, j) = dble(mod(2 * i + j, 5))
    end do
  end do
  do j = 1, n
    do i = 1, n
      b(j, i) = a(i, j) + b(j, i) ! HOT
    end do
  end do
  s = 0.0d0
  do j = 1, n
    do i = 1, n
      s = s + b(i, j) * dble(1 + mod(i + 2 * j, 11))
    end do
  end do
  print '(a, es25.17)', 'checksum ', s
end program tadd
