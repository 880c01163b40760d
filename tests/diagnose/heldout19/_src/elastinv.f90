! Elastic strain update: every cell converts stress to strain with the compliance matrix, the
! inverse of the 6x6 stiffness matrix C, which is the same for every cell; invert6 is called per
! cell per step (Gauss-Jordan). Prints cells, steps, seconds, ns per cell-step.
module elast
  implicit none
contains
  subroutine invert6(c, ci)
    real(8), intent(in) :: c(6, 6)
    real(8), intent(out) :: ci(6, 6)
    real(8) :: a(6, 12), piv, f
    integer :: i, j, k
    a = 0.0d0; a(:, 1:6) = c
    do i = 1, 6
      a(i, 6 + i) = 1.0d0
    end do
    do k = 1, 6
      piv = a(k, k)
      a(k, :) = a(k, :) / piv
      do i = 1, 6
        if (i /= k) then
          f = a(i, k)
          do j = 1, 12
            a(i, j) = a(i, j) - f * a(k, j)
          end do
        end if
      end do
    end do
    ci = a(:, 7:12)
  end subroutine invert6
end module elast

program elastinv
  use elast
  implicit none
  integer :: ncell, nsteps, s, ic, i
  character(len=16) :: arg
  real(8) :: c(6, 6), ci(6, 6), lam, mu, t0, t1
  real(8), allocatable :: sig(:,:), eps(:,:)
  ncell = 20000; nsteps = 10
  if (command_argument_count() >= 1) then; call get_command_argument(1, arg); read(arg, *) ncell; end if
  if (command_argument_count() >= 2) then; call get_command_argument(2, arg); read(arg, *) nsteps; end if
  lam = 30.0d9; mu = 25.0d9; c = 0.0d0
  c(1:3, 1:3) = lam
  do i = 1, 3
    c(i, i) = lam + 2.0d0 * mu; c(i + 3, i + 3) = mu
  end do
  allocate(sig(6, ncell), eps(6, ncell))
  do ic = 1, ncell
    sig(:, ic) = 1.0d6 * [1.0d0, 0.5d0, 0.2d0, 0.1d0, 0.0d0, 0.05d0] * (1 + mod(ic, 7))
  end do
  call cpu_time(t0)
  do s = 1, nsteps
    do ic = 1, ncell
      call invert6(c, ci)
      eps(:, ic) = matmul(ci, sig(:, ic))
      sig(:, ic) = sig(:, ic) * 0.999d0
    end do
  end do
  call cpu_time(t1)
  write(*, '(a,i8,a,i4,a,f8.4,a,f8.1,a,es12.5)') 'cells=', ncell, ' steps=', nsteps, ' seconds=', t1 - t0, &
       ' ns_per_cell_step=', 1.0d9 * (t1 - t0) / (real(ncell, 8) * nsteps), ' check=', eps(1, ncell / 2)
end program elastinv
