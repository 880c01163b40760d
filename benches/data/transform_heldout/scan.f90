! Running sum.
program scan
  implicit none
  integer, parameter :: n = 1000
  real(8) :: a(n), s(n)
  integer :: i
  do i = 1, n
    a(i) = dble(mod(i, 6))
  end do
  s(1) = a(1)
  do i = 2, n
    s(i) = s(i - 1) + a(i) ! HOT
  end do
  print '(a, es25.17)', 'checksum ', sum(s)
end program scan
