! atomic_cas: a counter on image 1 built by a compare-and-swap retry loop,
! a logical flag that exactly one image wins, and failing/succeeding swaps
! with known results.
program s_atomic_cas
  use iso_fortran_env, only: atomic_int_kind, atomic_logical_kind
  implicit none
  integer, parameter :: k = atomic_int_kind, iters = 200
  integer(k) :: cnt[*], wins[*], y[*], cmp, old
  logical(atomic_logical_kind) :: flag[*], lold, lf, lt
  integer :: me, n, i, right

  me = this_image()
  n = num_images()
  right = mod(me, n) + 1
  lf = .false.
  lt = .true.
  call atomic_define(cnt, 0_k)
  call atomic_define(wins, 0_k)
  call atomic_define(flag, lf)
  sync all
  do i = 1, iters
    call atomic_ref(cmp, cnt[1])
    do
      call atomic_cas(cnt[1], old, cmp, cmp + 1)
      if (old == cmp) exit
      if (old < cmp) then
        print *, 'image', me, 'counter went backwards:', old, '<', cmp
        error stop 1101
      end if
      cmp = old
    end do
  end do
  call atomic_cas(flag[1], lold, lf, lt)
  if (.not. lold) call atomic_add(wins[1], 1_k)
  ! known results on y of the right neighbour (only this image touches it)
  call atomic_define(y[right], int(5 * me, k))
  call atomic_cas(y[right], old, int(5 * me + 1, k), 99_k)
  if (old /= 5 * me) call fail('old of failed cas', old, int(5 * me, k), 1102)
  call atomic_ref(old, y[right])
  if (old /= 5 * me) call fail('value after failed cas', old, int(5 * me, k), 1103)
  call atomic_cas(y[right], old, int(5 * me, k), int(-me, k))
  if (old /= 5 * me) call fail('old of successful cas', old, int(5 * me, k), 1104)
  call atomic_ref(old, y[right])
  if (old /= -me) call fail('value after successful cas', old, int(-me, k), 1105)
  sync all
  if (me == 1) then
    call atomic_ref(old, cnt)
    if (old /= iters * n) call fail('cas counter', old, int(iters * n, k), 1106)
    call atomic_ref(old, wins)
    if (old /= 1) call fail('images that won the logical cas', old, 1_k, 1107)
    call atomic_ref(lold, flag)
    if (.not. lold) call fail('logical flag after cas (0 = false)', 0_k, 1_k, 1108)
    print '(a)', 'PASS atomic_cas'
  end if
contains
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer(k), intent(in) :: got, want
    integer, intent(in) :: code
    print *, 'image', me, trim(what), ': got', got, 'expected', want
    error stop code
  end subroutine fail
end program s_atomic_cas
