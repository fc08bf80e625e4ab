! Large transfers: 1 MiB integer arrays, 2 MiB real(8) arrays, big strided and 2-D sections.
program x_large
  implicit none
  integer, parameter :: n = 262144                 ! 1 MiB of default integers
  integer, parameter :: nd = 262144                ! 2 MiB of real(8)
  integer :: a(n)[*], b(n)                        ! fixed-size destinations: plain caf_get/caf_send
  real(8) :: dl(nd)
  real(8), allocatable :: d(:)[:]
  integer, allocatable :: m(:,:)[:]
  integer :: me, np, right, left, i, j, bad
  me = this_image(); np = num_images()
  right = mod(me, np) + 1
  left = mod(me - 2 + np, np) + 1
  allocate(d(nd)[*], m(1024, 512)[*])
  a = 0
  sync all
  b = [(ieor(i, me*65536), i = 1, n)]
  a(:)[right] = b                                  ! 1 MiB put
  sync all
  bad = count(a /= [(ieor(i, left*65536), i = 1, n)])
  if (bad /= 0) then
    print *, 'image', me, ': 1 MiB put has', bad, 'wrong elements'
    error stop 1
  end if
  sync all
  a = [(i*7 + me, i = 1, n)]
  d = [(me + i*0.5d0, i = 1, nd)]
  m = reshape([(ieor(i, me), i = 1, 1024*512)], [1024, 512])
  sync all
  b = a(:)[left]                                   ! 1 MiB get
  bad = count(b /= [(i*7 + left, i = 1, n)])
  if (bad /= 0) then
    print *, 'image', me, ': 1 MiB get has', bad, 'wrong elements'
    error stop 2
  end if
  dl = d(:)[right]                                 ! 2 MiB get
  bad = count(dl /= [(right + i*0.5d0, i = 1, nd)])
  if (bad /= 0) then
    print *, 'image', me, ': 2 MiB real(8) get has', bad, 'wrong elements'
    error stop 3
  end if
  b = 0
  b(1:n/2) = a(2:n:2)[right]                       ! strided 512 KiB get
  bad = count(b(1:n/2) /= [(2*i*7 + right, i = 1, n/2)])
  if (bad /= 0) then
    print *, 'image', me, ': strided get has', bad, 'wrong elements'
    error stop 4
  end if
  b(1:1000*256) = reshape(m(1:1000, 1:512:2)[right], [1000*256])   ! 2-D section, ~1 MiB
  bad = 0
  do j = 1, 256
    do i = 1, 1000
      if (b(i + 1000*(j - 1)) /= ieor(i + 1024*(2*j - 2), right)) bad = bad + 1
    end do
  end do
  if (bad /= 0) then
    print *, 'image', me, ': 2-D section get has', bad, 'wrong elements'
    error stop 5
  end if
  sync all
  d(nd:1:-1)[left] = dl                            ! reversed 2 MiB put
  m(:, 512:1:-3)[right] = -1                       ! strided broadcast
  sync all
  ! the writer is my right neighbour; its dl came from ITS right neighbour
  bad = count(d /= [(mod(right, np) + 1 + (nd + 1 - i)*0.5d0, i = 1, nd)])
  if (bad /= 0) then
    print *, 'image', me, ': reversed 2 MiB put has', bad, 'wrong elements'
    error stop 6
  end if
  bad = 0
  do j = 1, 512
    do i = 1, 1024
      if (mod(512 - j, 3) == 0) then
        if (m(i, j) /= -1) bad = bad + 1
      else if (m(i, j) /= ieor(i + 1024*(j - 1), me)) then
        bad = bad + 1
      end if
    end do
  end do
  if (bad /= 0) then
    print *, 'image', me, ': strided 2-D broadcast has', bad, 'wrong elements'
    error stop 7
  end if
  deallocate(d, m)
  if (me == 1) print '(a)', 'PASS large'
end program x_large
