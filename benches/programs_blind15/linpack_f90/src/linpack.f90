! LINPACK dgefa / dgesl (Gaussian elimination with partial pivoting, column oriented), as in
! the LINPACK benchmark linpackd, and the group's driver that factors and solves.
module linpack
  use blas1
  implicit none
contains

  subroutine dgefa(a, lda, n, ipvt, info)
    integer, intent(in) :: lda, n
    real(dp), intent(inout) :: a(lda, *)
    integer, intent(out) :: ipvt(*), info
    real(dp) :: t
    integer :: j, k, kp1, l, nm1
    info = 0
    nm1 = n - 1
    if (nm1 >= 1) then
      do k = 1, nm1
        kp1 = k + 1
        ! find l = pivot index
        l = idamax(n - k + 1, a(k, k), 1) + k - 1
        ipvt(k) = l
        ! zero pivot implies this column already triangularized
        if (a(l, k) == 0.0_dp) then
          info = k
          cycle
        end if
        ! interchange if necessary
        if (l /= k) then
          t = a(l, k)
          a(l, k) = a(k, k)
          a(k, k) = t
        end if
        ! compute multipliers
        t = -1.0_dp / a(k, k)
        call dscal(n - k, t, a(k + 1, k), 1)
        ! row elimination with column indexing
        do j = kp1, n
          t = a(l, j)
          if (l /= k) then
            a(l, j) = a(k, j)
            a(k, j) = t
          end if
          call daxpy(n - k, t, a(k + 1, k), 1, a(k + 1, j), 1)
        end do
      end do
    end if
    ipvt(n) = n
    if (a(n, n) == 0.0_dp) info = n
  end subroutine dgefa

  subroutine dgesl(a, lda, n, ipvt, b, job)
    integer, intent(in) :: lda, n, ipvt(*), job
    real(dp), intent(in) :: a(lda, *)
    real(dp), intent(inout) :: b(*)
    real(dp) :: t
    integer :: k, kb, l, nm1
    nm1 = n - 1
    if (job == 0) then
      ! solve l * y = b
      if (nm1 >= 1) then
        do k = 1, nm1
          l = ipvt(k)
          t = b(l)
          if (l /= k) then
            b(l) = b(k)
            b(k) = t
          end if
          call daxpy(n - k, t, a(k + 1, k), 1, b(k + 1), 1)
        end do
      end if
      ! now solve u * x = y
      do kb = 1, n
        k = n + 1 - kb
        b(k) = b(k) / a(k, k)
        t = -b(k)
        call daxpy(k - 1, t, a(1, k), 1, b(1), 1)
      end do
    else
      ! solve trans(u) * y = b, then trans(l) * x = y
      do k = 1, n
        t = ddot(k - 1, a(1, k), 1, b(1), 1)
        b(k) = (b(k) - t) / a(k, k)
      end do
      if (nm1 >= 1) then
        do kb = 1, nm1
          k = n - kb
          b(k) = b(k) + ddot(n - k, a(k + 1, k), 1, b(k + 1), 1)
          l = ipvt(k)
          if (l /= k) then
            t = b(l)
            b(l) = b(k)
            b(k) = t
          end if
        end do
      end if
    end if
  end subroutine dgesl

  ! factor the n x n matrix a and solve for the nrhs right-hand sides in b (overwritten)
  subroutine solve_system(a, lda, n, b, ldb, nrhs, info)
    integer, intent(in) :: lda, n, ldb, nrhs
    real(dp), intent(inout) :: a(lda, *), b(ldb, *)
    integer, intent(out) :: info
    integer, allocatable :: ipvt(:)
    integer :: r
    allocate(ipvt(n))
    call dgefa(a, lda, n, ipvt, info)
    if (info /= 0) return
    do r = 1, nrhs
      call dgesl(a, lda, n, ipvt, b(1, r), 0)
    end do
    deallocate(ipvt)
  end subroutine solve_system

end module linpack
