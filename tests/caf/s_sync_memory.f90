! sync memory with atomic flags: each image hands data to its right
! neighbour through a flag (atomic_define / atomic_ref spin) and gets an
! acknowledgement back before it reuses the buffer.
program s_sync_memory
  use iso_fortran_env, only: atomic_int_kind, int64
  implicit none
  integer, parameter :: rounds = 50
  integer(atomic_int_kind) :: flag[*], ack[*]
  integer :: dat(4)[*]
  integer :: me, n, left, right, r
  integer(int64) :: t0, rate

  me = this_image()
  n = num_images()
  left = mod(me - 2 + n, n) + 1
  right = mod(me, n) + 1
  call system_clock(t0, rate)
  call atomic_define(flag, 0)
  call atomic_define(ack, 0)
  dat = 0
  sync all
  do r = 1, rounds
    if (r > 1) call await(2, r - 1)
    dat(:)[right] = [me, r, me * r, -me]
    sync memory
    call atomic_define(flag[right], r)
    call await(1, r)
    sync memory
    if (any(dat /= [left, r, left * r, -left])) then
      print *, 'image', me, 'round', r, 'dat =', dat, 'expected', [left, r, left * r, -left]
      error stop 401
    end if
    sync memory
    call atomic_define(ack[left], r)
  end do
  call await(2, rounds)
  sync all
  if (me == 1) print '(a)', 'PASS sync_memory'
contains
  ! spin until flag (which=1) or ack (which=2) of this image reaches want
  subroutine await(which, want)
    integer, intent(in) :: which, want
    integer(atomic_int_kind) :: v
    integer(int64) :: t
    do
      if (which == 1) then
        call atomic_ref(v, flag)
      else
        call atomic_ref(v, ack)
      end if
      if (v > want) then
        print *, 'image', me, 'flag', which, 'ran ahead:', v, 'wanted', want
        error stop 402
      end if
      if (v == want) exit
      call system_clock(t)
      if (t - t0 > 40 * rate) then
        print *, 'image', me, 'timed out waiting for flag', which, '=', want, 'have', v
        error stop 403
      end if
    end do
  end subroutine await
end program s_sync_memory
