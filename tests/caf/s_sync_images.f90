! sync images with explicit lists (ring neighbours, pairs, an empty list),
! then sync images(*) on image 1 matched by sync images(1) on the others.
program s_sync_images
  implicit none
  integer :: x[*]
  integer, allocatable :: g(:)[:]
  integer :: me, n, left, right, partner, r, j

  me = this_image()
  n = num_images()
  left = mod(me - 2 + n, n) + 1
  right = mod(me, n) + 1
  x = 0
  sync all
  ! ring: put to the right, sync with both neighbours, read what the left put
  do r = 1, 40
    x[right] = 100 * me + r
    if (left == right) then
      sync images (left)
    else
      sync images ([left, right])
    end if
    if (x /= 100 * left + r) then
      print *, 'image', me, 'ring round', r, 'x =', x, 'expected', 100 * left + r
      error stop 301
    end if
    if (left == right) then
      sync images ([right])
    else
      sync images ([right, left])
    end if
  end do
  sync all
  ! pairs (1,2), (3,4), ...; an unpaired last image syncs with an empty list
  partner = merge(me + 1, me - 1, mod(me, 2) == 1)
  do r = 1, 40
    if (partner > n) then
      sync images ([integer ::])
      cycle
    end if
    x[partner] = -(1000 * me + r)
    sync images (partner)
    if (x /= -(1000 * partner + r)) then
      print *, 'image', me, 'pair round', r, 'x =', x, 'expected', -(1000 * partner + r)
      error stop 302
    end if
    sync images (partner)
  end do
  ! star: image 1 against all others, both directions
  allocate (g(n)[*])
  g = 0
  sync all
  do r = 1, 10
    if (me == 1) then
      do j = 1, n
        x[j] = 500 * j + r
      end do
      sync images (*)
      sync images (*)
      do j = 2, n
        if (g(j) /= 3 * j + r) then
          print *, 'image 1 star round', r, 'g(', j, ') =', g(j), 'expected', 3 * j + r
          error stop 303
        end if
      end do
      sync images (*)
    else
      sync images (1)
      if (x /= 500 * me + r) then
        print *, 'image', me, 'star round', r, 'x =', x, 'expected', 500 * me + r
        error stop 304
      end if
      g(me)[1] = 3 * me + r
      sync images (1)
      sync images (1)
    end if
  end do
  if (me == 1 .and. x /= 500 + 10) error stop 305
  sync all
  if (me == 1) print '(a)', 'PASS sync_images'
end program s_sync_images
