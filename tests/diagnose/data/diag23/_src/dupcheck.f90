! duplicate check by comparing every pair; prints a size sweep
program dupcheck
  implicit none
  integer :: n, i, j, k, dups
  integer, allocatable :: v(:)
  integer(8) :: c0, c1, rate
  integer :: sizes(5) = [2000, 4000, 8000, 16000, 32000]
  do k = 1, 5
    n = sizes(k)
    allocate(v(n))
    do i = 1, n
      v(i) = mod(i * 7919, n * 3)
    end do
    call system_clock(c0, rate)
    dups = 0
    do i = 1, n
      do j = i + 1, n
        if (v(i) == v(j)) dups = dups + 1
      end do
    end do
    call system_clock(c1)
    write(*,'(A,I6,A,F9.4,A,I4)') 'n = ', n, ' -> ', real(c1 - c0, 8) / rate, ' sec   dups', dups
    deallocate(v)
  end do
end program
