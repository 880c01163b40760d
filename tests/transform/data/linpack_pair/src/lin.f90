module lin
  use blas
  implicit none
contains
  subroutine dgefa(a, lda, n, ipvt, info)
    integer, intent(in) :: lda, n
    double precision, intent(inout) :: a(lda, *)
    integer, intent(out) :: ipvt(*), info
    integer :: j, k, l
    double precision :: t
    info = 0
    do k = 1, n - 1
      l = idamax(n - k + 1, a(k, k), 1) + k - 1
      ipvt(k) = l
      if (a(l, k) == 0.0d0) then
        info = k
        cycle
      end if
      if (l /= k) then
        t = a(l, k); a(l, k) = a(k, k); a(k, k) = t
      end if
      t = -1.0d0 / a(k, k)
      call dscal(n - k, t, a(k + 1, k), 1)
      do j = k + 1, n
        t = a(l, j)
        if (l /= k) then
          a(l, j) = a(k, j); a(k, j) = t
        end if
        call daxpy(n - k, t, a(k + 1, k), 1, a(k + 1, j), 1)
      end do
    end do
    ipvt(n) = n
    if (a(n, n) == 0.0d0) info = n
  end subroutine dgefa
  subroutine dgesl(a, lda, n, ipvt, b, job)
    integer, intent(in) :: lda, n, ipvt(*), job
    double precision, intent(in) :: a(lda, *)
    double precision, intent(inout) :: b(*)
    integer :: k, l
    double precision :: t
    do k = 1, n - 1
      l = ipvt(k)
      t = b(l)
      if (l /= k) then
        b(l) = b(k); b(k) = t
      end if
      call daxpy(n - k, t, a(k + 1, k), 1, b(k + 1), 1)
    end do
    do k = n, 1, -1
      b(k) = b(k) / a(k, k)
      t = -b(k)
      call daxpy(k - 1, t, a(1, k), 1, b(1), 1)
    end do
  end subroutine dgesl
  subroutine solve(a, n, b, info)
    integer, intent(in) :: n
    double precision, intent(inout) :: a(n, n), b(n)
    integer, intent(out) :: info
    integer, allocatable :: ipvt(:)
    allocate(ipvt(n))
    call dgefa(a, n, n, ipvt, info)
    if (info /= 0) return
    call dgesl(a, n, n, ipvt, b, 0)
  end subroutine solve
end module lin

program main
  use lin
  implicit none
  integer, parameter :: n = 300
  double precision :: a(n, n), b(n)
  integer :: i, j, info
  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0d0 / (i + j - 1) + merge(2.0d0, 0.0d0, i == j)
    end do
    b(j) = mod(j * 7, 11) - 5.0d0
  end do
  call solve(a, n, b, info)
  print '(a,i0,3(1x,es20.12))', 'info=', info, b(1), b(n / 2), sum(b)
end program main
