! Small reproducible generator (xorshift64*), so that every station's record is the same on
! every machine and compiler (random_number's stream is compiler-specific).
module rng
  use, intrinsic :: iso_fortran_env, only: int64, real64
  implicit none
  private
  public :: rng_state, rng_seed, rng_uniform, rng_gauss

  type :: rng_state
     integer(int64) :: s = 88172645463325252_int64
  end type rng_state

contains

  subroutine rng_seed(g, seed)
    type(rng_state), intent(inout) :: g
    integer, intent(in) :: seed
    integer :: k
    real(real64) :: dummy
    g%s = 88172645463325252_int64 + 2654435761_int64 * int(seed, int64)
    do k = 1, 10
       dummy = rng_uniform(g)
    end do
  end subroutine rng_seed

  function rng_uniform(g) result(u)
    type(rng_state), intent(inout) :: g
    real(real64) :: u
    integer(int64) :: x
    x = g%s
    x = ieor(x, shiftl(x, 13))
    x = ieor(x, shiftr(x, 7))
    x = ieor(x, shiftl(x, 17))
    g%s = x
    ! 53 random bits -> [0, 1)
    u = real(shiftr(x, 11), real64) * (1.0_real64 / 9007199254740992.0_real64)
  end function rng_uniform

  function rng_gauss(g) result(z)
    ! Irwin-Hall approximation (sum of 4 uniforms, unit variance): good enough for noise
    type(rng_state), intent(inout) :: g
    real(real64) :: z
    integer :: k
    z = -2.0_real64
    do k = 1, 4
       z = z + rng_uniform(g)
    end do
    z = z * 1.7320508075688772_real64
  end function rng_gauss

end module rng
