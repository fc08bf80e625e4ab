! Character(kind=4) coarrays: padding, truncation, arrays, and kind 1 <-> 4 conversion.
program x_char_kind4
  implicit none
  integer, parameter :: ucs = 4
  character(kind=ucs, len=6) :: s[*], ca(4)[*]
  character(kind=ucs, len=2) :: t[*], sh
  character(kind=ucs, len=9) :: lg, dbg
  character(kind=ucs, len=3) :: w
  character(kind=1, len=6) :: b1[*], l1
  integer :: me, np, right, left, k
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  s = repeat(ucs_'#', 6); t = ucs_'##'; ca = repeat(ucs_'#', 6); b1 = '######'
  sync all
  w = u(me) // ucs_'x' // u(me + 1)       ! e.g. alpha+me, 'x', alpha+me+1
  s[right] = w                            ! 3 -> 6, padded with blanks
  t[right] = w                            ! 3 -> 2, truncated
  ca(2:4:2)[right] = [character(kind=ucs, len=3) :: w, w(3:3) // w(1:1)]
  sync all
  w = u(left) // ucs_'x' // u(left + 1)
  if (s /= w // ucs_'   ' .or. len_trim(s) /= 3) then
    dbg = s
    print *, 'image', me, ': kind-4 padded put failed; codes', (ichar(dbg(k:k)), k = 1, 6)
    error stop 1
  end if
  if (t /= w(1:2)) then
    dbg = t
    print *, 'image', me, ': kind-4 truncated put failed; codes', (ichar(dbg(k:k)), k = 1, 2)
    error stop 2
  end if
  if (ca(1) /= repeat(ucs_'#', 6) .or. ca(2) /= w .or. ca(3) /= repeat(ucs_'#', 6) .or. &
      ca(4) /= w(3:3) // w(1:1)) then
    print *, 'image', me, ': kind-4 strided array put failed'
    error stop 3
  end if
  sync all
  s = u(2*me) // u(2*me + 1) // ucs_'abcd'
  sync all
  lg = s[left]                            ! 6 -> 9 padded
  sh = s[left]                            ! 6 -> 2 truncated
  if (lg /= u(2*left) // u(2*left + 1) // ucs_'abcd   ' .or. len_trim(lg) /= 6) then
    print *, 'image', me, ': kind-4 padded get failed; codes', (ichar(lg(k:k)), k = 1, 9)
    error stop 4
  end if
  if (sh /= u(2*left) // u(2*left + 1)) then
    print *, 'image', me, ': kind-4 truncated get failed'
    error stop 5
  end if
  sync all
  ! kind conversion between character kinds 1 and 4 across images
  s[right] = 'kind1'                      ! default-kind literal into kind-4 coarray
  l1 = 'Img' // achar(iachar('0') + mod(me, 10))
  b1[right] = l1
  sync all
  l1 = s                                  ! local kind 4 -> 1
  if (s /= ucs_'kind1 ' .or. l1 /= 'kind1') then
    print *, 'image', me, ': kind 1 -> 4 put failed: [', l1, ']'
    error stop 6
  end if
  if (b1 /= 'Img' // achar(iachar('0') + mod(left, 10))) then
    print *, 'image', me, ': kind-1 put b1=[', b1, ']'
    error stop 7
  end if
  sync all
  if (me == 1) print '(a)', 'PASS char_kind4'
contains
  function u(i) result(c)
    integer, intent(in) :: i
    character(kind=ucs, len=1) :: c
    c = char(int(z'3B0') + i, ucs)        ! Greek letters, outside Latin-1
  end function u
end program x_char_kind4
