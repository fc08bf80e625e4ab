! Logical coarrays: scalars, arrays, sections, masks built from fetched data, kind conversion.
program x_logical
  implicit none
  integer, parameter :: n = 16
  logical :: l(n)[*], flag[*], ll(n), got
  logical(1) :: b1(n)[*], lb1(n)
  logical(8) :: b8[*]
  integer :: me, np, right, left, i, cnt
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  l = .false.; flag = .false.; b1 = .false._1; b8 = .false._8
  sync all
  flag[right] = .true.
  l(:)[right] = [(mod(i, me + 1) == 0, i = 1, n)]   ! pattern depends on the writer
  l(n)[right] = mod(me, 2) == 0
  b1(1:n:3)[right] = .true._1
  sync all
  if (.not. flag) then
    print *, 'image', me, ': logical scalar put missing'
    error stop 1
  end if
  do i = 1, n - 1
    if (l(i) .neqv. (mod(i, left + 1) == 0)) then
      print *, 'image', me, ': logical array put l(', i, ')=', l(i)
      error stop 2
    end if
  end do
  if (l(n) .neqv. (mod(left, 2) == 0)) then
    print *, 'image', me, ': logical element put l(n)=', l(n)
    error stop 3
  end if
  do i = 1, n
    if (b1(i) .neqv. (mod(i - 1, 3) == 0)) then
      print *, 'image', me, ': logical(1) strided put b1(', i, ')=', b1(i)
      error stop 4
    end if
  end do
  sync all
  l = [(btest(me, mod(i, 4)), i = 1, n)]
  b1 = logical(l, 1)
  flag = mod(me, 3) == 1
  b8 = me > 2
  sync all
  ll = l(:)[left]
  got = flag[right]
  cnt = count(l(:)[right])                             ! reduction over a fetched array
  lb1 = l(:)[left]                                     ! logical(4) -> logical(1)
  do i = 1, n
    if ((ll(i) .neqv. btest(left, mod(i, 4))) .or. (lb1(i) .neqv. btest(left, mod(i, 4)))) then
      print *, 'image', me, ': logical get i=', i, ll(i), lb1(i)
      error stop 5
    end if
  end do
  if (got .neqv. (mod(right, 3) == 1)) then
    print *, 'image', me, ': logical scalar get', got
    error stop 6
  end if
  if (cnt /= (n/4)*popcnt(iand(right, 15))) then
    print *, 'image', me, ': count over fetched logical array', cnt, 'expected', (n/4)*popcnt(iand(right, 15))
    error stop 7
  end if
  if (b8[left] .neqv. (left > 2)) then
    print *, 'image', me, ': logical(8) get', b8[left]
    error stop 8
  end if
  if (any(b1(2:n:2)[right] .neqv. l(2:n:2)[right])) then
    print *, 'image', me, ': logical(1) vs logical(4) strided get mismatch'
    error stop 9
  end if
  sync all
  b8[right] = flag                                     ! logical(4) -> logical(8) put
  l(1:2)[right] = b1(3:4)                              ! logical(1) -> logical(4) put
  sync all
  if ((b8 .neqv. (mod(left, 3) == 1)) .or. (l(1) .neqv. btest(left, 3)) .or. (l(2) .neqv. btest(left, 0))) then
    print *, 'image', me, ': logical kind-converting put', b8, l(1:2)
    error stop 10
  end if
  sync all
  if (me == 1) print '(a)', 'PASS logical'
end program x_logical
