! atomic_define/atomic_ref on integer(atomic_int_kind) and
! logical(atomic_logical_kind); atomic_add/and/or/xor and the atomic_fetch_*
! forms, concurrently on image 1 and sequentially with known results.
program s_atomic_ops
  use iso_fortran_env, only: atomic_int_kind, atomic_logical_kind
  implicit none
  integer, parameter :: k = atomic_int_kind
  integer(k), parameter :: mask = int(z'3FFFFFFF', k)
  integer(k) :: a[*], w[*], s[*], o[*], an[*], x[*], fadd[*], fo[*], fa[*], fx[*]
  logical(atomic_logical_kind) :: lg[*], l
  integer, allocatable :: seen(:)[:]
  integer(k) :: v, old, eor, eand, exor
  integer :: me, n, left, right, j

  me = this_image()
  n = num_images()
  left = mod(me - 2 + n, n) + 1; right = mod(me, n) + 1
  allocate (seen(n)[*]); seen = 0
  call atomic_define(a, -int(me, k))
  call atomic_ref(v, a)
  if (v /= -me) call fail('local atomic_ref', v, -int(me, k), 1001)
  call atomic_define(s, 0_k); call atomic_define(o, 0_k); call atomic_define(an, mask)
  call atomic_define(x, 0_k); call atomic_define(fadd, 0_k); call atomic_define(fo, 0_k)
  call atomic_define(fa, mask); call atomic_define(fx, 0_k)
  sync all
  call atomic_define(a[right], int(10 * me, k))
  call atomic_define(lg[right], mod(me, 2) == 0)
  call atomic_add(s[1], int(me, k))
  call atomic_or(o[1], bit(me))
  call atomic_and(an[1], not(bit(me)))
  call atomic_xor(x[1], pat(me))
  call atomic_fetch_add(fadd[1], 1_k, old)
  if (old < 0 .or. old >= n) call fail('fetch_add old out of range', old, 0_k, 1002)
  seen(old + 1)[1] = seen(old + 1)[1] + 1
  call atomic_fetch_or(fo[1], bit(me), old)
  call atomic_fetch_and(fa[1], not(bit(me)), old)
  call atomic_fetch_xor(fx[1], pat(me), old)
  sync all
  call atomic_ref(v, a)
  if (v /= 10 * left) call fail('atomic_ref of value put by left', v, int(10 * left, k), 1003)
  call atomic_ref(l, lg)
  if (l .neqv. (mod(left, 2) == 0)) call fail('atomic_ref logical', merge(1_k, 0_k, l), &
                                                merge(1_k, 0_k, mod(left, 2) == 0), 1004)
  if (me == 1) then
    eor = 0; eand = mask; exor = 0
    do j = 1, n
      eor = ior(eor, bit(j)); eand = iand(eand, not(bit(j))); exor = ieor(exor, pat(j))
      if (seen(j) /= 1) call fail('fetch_add old value seen count', int(seen(j), k), 1_k, 1005)
    end do
    call atomic_ref(v, s);    if (v /= n * (n + 1) / 2) call fail('atomic_add', v, int(n * (n + 1) / 2, k), 1006)
    call atomic_ref(v, o);    if (v /= eor) call fail('atomic_or', v, eor, 1007)
    call atomic_ref(v, an);   if (v /= eand) call fail('atomic_and', v, eand, 1008)
    call atomic_ref(v, x);    if (v /= exor) call fail('atomic_xor', v, exor, 1009)
    call atomic_ref(v, fadd); if (v /= n) call fail('atomic_fetch_add', v, int(n, k), 1010)
    call atomic_ref(v, fo);   if (v /= eor) call fail('atomic_fetch_or', v, eor, 1011)
    call atomic_ref(v, fa);   if (v /= eand) call fail('atomic_fetch_and', v, eand, 1012)
    call atomic_ref(v, fx);   if (v /= exor) call fail('atomic_fetch_xor', v, exor, 1013)
  end if
  ! known sequence on w of the right neighbour (only this image touches it)
  call atomic_define(w[right], 12_k)                ! 01100
  call atomic_fetch_add(w[right], 5_k, old)         ! -> 10001
  if (old /= 12) call fail('fetch_add old', old, 12_k, 1014)
  call atomic_fetch_or(w[right], 6_k, old)          ! -> 10111
  if (old /= 17) call fail('fetch_or old', old, 17_k, 1015)
  call atomic_fetch_and(w[right], 13_k, old)        ! -> 00101
  if (old /= 23) call fail('fetch_and old', old, 23_k, 1016)
  call atomic_fetch_xor(w[right], 3_k, old)         ! -> 00110
  if (old /= 5) call fail('fetch_xor old', old, 5_k, 1017)
  call atomic_add(w[right], -2_k); call atomic_or(w[right], 16_k)        ! 4 -> 20
  call atomic_and(w[right], 28_k); call atomic_xor(w[right], 5_k)        ! 20 -> 17
  call atomic_ref(v, w[right]); if (v /= 17) call fail('add/or/and/xor sequence', v, 17_k, 1018)
  sync all
  if (me == 1) print '(a)', 'PASS atomic_ops'
contains
  integer(k) function bit(j)
    integer, intent(in) :: j
    bit = ishft(1_k, mod(j - 1, 30))
  end function bit
  integer(k) function pat(j)
    integer, intent(in) :: j
    pat = int(mod(j * 37 + 11, 1024), k)
  end function pat
  subroutine fail(what, got, want, code)
    character(len=*), intent(in) :: what
    integer(k), intent(in) :: got, want
    integer, intent(in) :: code
    print *, 'image', me, trim(what), ': got', got, 'expected', want
    error stop code
  end subroutine fail
end program s_atomic_ops
