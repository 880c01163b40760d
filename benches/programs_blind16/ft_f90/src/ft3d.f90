! NPB FT's steps (ft.f: compute_initial_conditions, compute_indexmap / twiddle, evolve,
! fft, checksum) on (nx, ny, nz) complex fields, the 3-D transform as 1-D transforms along
! each dimension, every line copied into a contiguous buffer first (as cffts1/2/3 do)
module ft3d
  use randdp
  use fftpack
  implicit none
  double precision, parameter :: alpha = 1.0d-6
contains
  subroutine initial_conditions(u, nx, ny, nz)
    integer, intent(in) :: nx, ny, nz
    complex(kind=8), intent(out) :: u(nx, ny, nz)
    double precision :: seed, a, buf(2*nx)
    integer :: i, j, k
    seed = 314159265.0d0
    a = 1220703125.0d0
    do k = 1, nz
      do j = 1, ny
        call vranlc(2*nx, seed, a, buf)
        do i = 1, nx
          u(i, j, k) = cmplx(buf(2*i-1), buf(2*i), kind=8)
        end do
      end do
    end do
  end subroutine initial_conditions

  subroutine make_twiddle(tw, nx, ny, nz)
    integer, intent(in) :: nx, ny, nz
    double precision, intent(out) :: tw(nx, ny, nz)
    integer :: i, j, k, ii, jj, kk
    double precision :: ap
    ap = -4.0d0 * alpha * pi * pi
    do k = 1, nz
      kk = mod(k - 1 + nz/2, nz) - nz/2
      do j = 1, ny
        jj = mod(j - 1 + ny/2, ny) - ny/2
        do i = 1, nx
          ii = mod(i - 1 + nx/2, nx) - nx/2
          tw(i, j, k) = exp(ap * dble(ii*ii + jj*jj + kk*kk))
        end do
      end do
    end do
  end subroutine make_twiddle

  subroutine fft3d(dir, x, y, nx, ny, nz)
    integer, intent(in) :: dir, nx, ny, nz
    complex(kind=8), intent(in) :: x(nx, ny, nz)
    complex(kind=8), intent(out) :: y(nx, ny, nz)
    complex(kind=8), allocatable :: line(:)
    integer :: i, j, k
    allocate(line(max(nx, ny, nz)))
    do k = 1, nz
      do j = 1, ny
        line(1:nx) = x(:, j, k)
        call fft_line(line, nx, dir)
        y(:, j, k) = line(1:nx)
      end do
    end do
    do k = 1, nz
      do i = 1, nx
        line(1:ny) = y(i, :, k)
        call fft_line(line, ny, dir)
        y(i, :, k) = line(1:ny)
      end do
    end do
    do j = 1, ny
      do i = 1, nx
        line(1:nz) = y(i, j, :)
        call fft_line(line, nz, dir)
        y(i, j, :) = line(1:nz)
      end do
    end do
    deallocate(line)
  end subroutine fft3d

  subroutine evolve(u0, u1, tw, nx, ny, nz)
    integer, intent(in) :: nx, ny, nz
    complex(kind=8), intent(inout) :: u0(nx, ny, nz)
    complex(kind=8), intent(out) :: u1(nx, ny, nz)
    double precision, intent(in) :: tw(nx, ny, nz)
    integer :: i, j, k
    do k = 1, nz
      do j = 1, ny
        do i = 1, nx
          u0(i, j, k) = u0(i, j, k) * tw(i, j, k)
          u1(i, j, k) = u0(i, j, k)
        end do
      end do
    end do
  end subroutine evolve

  complex(kind=8) function checksum(u, nx, ny, nz)
    integer, intent(in) :: nx, ny, nz
    complex(kind=8), intent(in) :: u(nx, ny, nz)
    integer :: j, q, r, s
    checksum = (0.0d0, 0.0d0)
    do j = 1, 1024
      q = mod(j, nx) + 1
      r = mod(3*j, ny) + 1
      s = mod(5*j, nz) + 1
      checksum = checksum + u(q, r, s)
    end do
    checksum = checksum / dble(nx) / dble(ny) / dble(nz)
  end function checksum
end module ft3d
