! co_broadcast of integer arrays (1-D and 2-D), real scalars, character and
! a derived type without allocatable components, from several source images.
program s_co_broadcast
  implicit none
  type :: rec
    integer :: id
    real(8) :: w
    character(len=5) :: tag
    integer :: v(3)
  end type rec
  integer :: ia(6), m(2, 3), me, n, src, t, i, s, srcs(5)
  real(8) :: r8
  real(4) :: r4
  character(len=10) :: ch
  type(rec) :: x, want

  me = this_image()
  n = num_images()
  ! sources: 1, the last image, the middle one, 2 (or 1), the last again
  srcs = [1, n, (n + 1) / 2, min(2, n), n]
  do t = 1, 5
    src = srcs(t)
    ia = -1; if (me == src) ia = [(src * 10 + i, i = 1, 6)]
    s = -1
    call co_broadcast(ia, source_image=src, stat=s)
    if (s /= 0 .or. any(ia /= [(src * 10 + i, i = 1, 6)])) then
      print *, 'image', me, 'source', src, 'int array', ia, 'stat', s
      error stop 1501
    end if
    m = 0; if (me == src) m = reshape([(i * src - 7, i = 1, 6)], [2, 3])
    call co_broadcast(m, src)
    if (any(m /= reshape([(i * src - 7, i = 1, 6)], [2, 3]))) then
      print *, 'image', me, 'source', src, '2-D int array', m
      error stop 1502
    end if
    r8 = -1; r4 = -1; if (me == src) r8 = src * 1.5d0 + 0.25d0
    if (me == src) r4 = 1.0 / src
    call co_broadcast(r8, src)
    call co_broadcast(r4, source_image=src)
    if (r8 /= src * 1.5d0 + 0.25d0 .or. r4 /= 1.0 / src) then
      print *, 'image', me, 'source', src, 'reals', r8, r4
      error stop 1503
    end if
    ch = 'xxxxxxxxxx'; if (me == src) write (ch, '(a,i4.4)') 'img', src
    call co_broadcast(ch, src)
    if (ch /= 'img' // digits4(src)) then
      print *, 'image', me, 'source', src, 'character "', ch, '"'
      error stop 1504
    end if
    want = rec(src, src * 2.5d0, 'T' // digits4(src), [src, -src, 2 * src])
    x = rec(0, 0d0, '', 0); if (me == src) x = want
    call co_broadcast(x, src, stat=s)
    if (s /= 0 .or. x%id /= want%id .or. x%w /= want%w .or. x%tag /= want%tag .or. &
        any(x%v /= want%v)) then
      print *, 'image', me, 'source', src, 'derived type', x%id, x%w, x%tag, x%v, 'stat', s
      error stop 1505
    end if
  end do
  sync all
  if (me == 1) print '(a)', 'PASS co_broadcast'
contains
  function digits4(j) result(r)
    integer, intent(in) :: j
    character(len=4) :: r
    write (r, '(i4.4)') j
  end function digits4
end program s_co_broadcast
