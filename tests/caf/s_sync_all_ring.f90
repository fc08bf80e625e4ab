! sync all in a loop; each round every image puts to its right neighbour and
! reads (gets) from its right neighbour, checking the values of that round.
program s_sync_all_ring
  implicit none
  integer, parameter :: rounds = 60
  integer :: buf(3)[*], own[*]
  integer :: me, n, left, right, r, got

  me = this_image()
  n = num_images()
  left = mod(me - 2 + n, n) + 1
  right = mod(me, n) + 1
  buf = 0
  own = 0
  sync all
  do r = 1, rounds
    own = 7 * me + r
    buf(:)[right] = [me, r, me * r]
    sync all
    if (any(buf /= [left, r, left * r])) then
      print *, 'image', me, 'round', r, 'buf =', buf, 'expected', [left, r, left * r]
      error stop 201
    end if
    got = own[right]
    if (got /= 7 * right + r) then
      print *, 'image', me, 'round', r, 'own[right] =', got, 'expected', 7 * right + r
      error stop 202
    end if
    sync all
  end do
  ! images 1..3 each write their own element of image 1's buffer at once
  if (me <= 3) buf(me)[1] = -me
  sync all
  if (me == 1) then
    do r = 1, min(n, 3)
      if (buf(r) /= -r) then
        print *, 'image 1 buf(', r, ') =', buf(r), 'expected', -r
        error stop 203
      end if
    end do
    print '(a)', 'PASS sync_all_ring'
  end if
end program s_sync_all_ring
