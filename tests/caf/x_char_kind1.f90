! Default-kind character coarrays: blank padding and truncation across images.
program x_char_kind1
  implicit none
  character(len=8) :: s[*]
  character(len=3) :: t[*]
  character(len=5) :: ca(3)[*]
  character(len=12) :: long
  character(len=2) :: short, sa(3)
  character(len=4) :: tag, tr
  character(len=7) :: src7
  integer :: me, np, right, left
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  s = repeat('#', 8); t = '###'; ca = '#####'
  write (tag, '(i4.4)') me
  write (tr, '(i4.4)') left
  sync all
  s[right] = 'abc'                          ! padded with 5 blanks
  src7 = 'xyz'//tag   ! a variable: gfortran 12 passes elem_len=0 for a concatenation source
  t[right] = src7                           ! truncated to 'xyz'
  ca(:)[right] = ['a'//tag(4:4), 'bb', 'c ']  ! length 2 -> 5, padded
  sync all
  if (s /= 'abc     ' .or. len_trim(s) /= 3) then
    print *, 'image', me, ': padded put s=[', s, ']'
    error stop 1
  end if
  if (t /= 'xyz') then
    print *, 'image', me, ': truncated put t=[', t, ']'
    error stop 2
  end if
  if (ca(1) /= 'a'//tr(4:4)//'   ' .or. ca(2) /= 'bb   ' .or. ca(3) /= 'c    ') then
    print *, 'image', me, ': padded array put ca=[', ca(1), '][', ca(2), '][', ca(3), ']'
    error stop 3
  end if
  sync all
  s = 'img'//tag//'Z'
  ca(1) = 'A'//tag; ca(2) = 'B'//tag; ca(3) = 'C'//tag
  sync all
  write (tr, '(i4.4)') right
  long = repeat('?', 12)
  long = s[right]                           ! padded to 12
  short = s[right]                          ! truncated to 2
  sa(:) = ca(3:1:-1)[right]                 ! each truncated to 2
  if (long /= 'img'//tr//'Z    ' .or. len_trim(long) /= 8) then
    print *, 'image', me, ': padded get long=[', long, ']'
    error stop 4
  end if
  if (short /= 'im') then
    print *, 'image', me, ': truncated get short=[', short, ']'
    error stop 5
  end if
  if (sa(1) /= 'C'//tr(1:1) .or. sa(2) /= 'B'//tr(1:1) .or. sa(3) /= 'A'//tr(1:1)) then
    print *, 'image', me, ': truncated array get sa=', sa
    error stop 6
  end if
  sync all
  if (me == 1) print '(a)', 'PASS char_kind1'
end program x_char_kind1
