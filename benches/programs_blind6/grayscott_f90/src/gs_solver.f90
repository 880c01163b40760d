! Fields, initial condition and one explicit Euler step (5-point Laplacian, periodic)
module gs_solver
  use gs_params
  implicit none
  real(dp), allocatable :: u(:,:), v(:,:), un(:,:), vn(:,:)

contains

  subroutine init_fields()
    integer :: i, j, c
    real(dp) :: x, y
    allocate(u(n, n), v(n, n), un(n, n), vn(n, n))
    u = 1.0_dp
    v = 0.0_dp
    ! a few seeded squares, placed deterministically
    do c = 1, 5
      do j = 1, n
        do i = 1, n
          x = real(i, dp) / n - 0.5_dp - 0.18_dp * cos(1.3_dp * c)
          y = real(j, dp) / n - 0.5_dp - 0.18_dp * sin(2.1_dp * c)
          if (abs(x) < 0.04_dp .and. abs(y) < 0.04_dp) then
            u(i, j) = 0.5_dp
            v(i, j) = 0.25_dp + 0.01_dp * c
          end if
        end do
      end do
    end do
  end subroutine init_fields

  subroutine step()
    integer :: i, j, im, ip, jm, jp
    real(dp) :: lu, lv, uvv
    do j = 1, n
      jm = j - 1; if (jm < 1) jm = n
      jp = j + 1; if (jp > n) jp = 1
      do i = 1, n
        im = i - 1; if (im < 1) im = n
        ip = i + 1; if (ip > n) ip = 1
        lu = u(im, j) + u(ip, j) + u(i, jm) + u(i, jp) - 4.0_dp * u(i, j)
        lv = v(im, j) + v(ip, j) + v(i, jm) + v(i, jp) - 4.0_dp * v(i, j)
        uvv = u(i, j) * v(i, j) * v(i, j)
        un(i, j) = u(i, j) + dt * (du * lu - uvv + feed * (1.0_dp - u(i, j)))
        vn(i, j) = v(i, j) + dt * (dv * lv + uvv - (feed + kill) * v(i, j))
      end do
    end do
    u = un
    v = vn
  end subroutine step

end module gs_solver
