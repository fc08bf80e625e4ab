/* The shared mapping: created once, before the first registration or at
   caf_init, sized from the environment; and the two heaps in each segment. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../rtline.h"
#include "caf.h"

PARCAF_EXPORT struct parcaf_shared *parcaf_shared;
PARCAF_EXPORT char *parcaf_local_view;
PARCAF_EXPORT int parcaf_this_image;
char *parcaf_base;

#define MIN_SEGMENT (64u << 10)
/* Keeps every size computed from it far from overflowing. */
#define MAX_SEGMENT ((uint64_t)1 << 40)

static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

/* "64M", "1G", "4096": bytes with an optional k/M/G suffix; *ok false when
   the text is not such a number. */
size_t parcaf_parse_size(const char *s, bool *ok)
{
  char *end;
  errno = 0;
  *ok = false;
  if (!s || *s < '0' || *s > '9')
    return 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno)
    return 0;
  unsigned shift = 0;
  switch (*end) {
  case 'k': case 'K': shift = 10; end++; break;
  case 'm': case 'M': shift = 20; end++; break;
  case 'g': case 'G': shift = 30; end++; break;
  }
  if (*end == 'B' || *end == 'b')
    end++;
  if (*end || (shift && v > (~0ULL >> shift)))
    return 0;
  *ok = true;
  return (size_t)(v << shift);
}

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  rt_prefixed_vline(stderr, 0, "libparcaf: ", fmt, ap);
  va_end(ap);
  exit(1);
}

static int num_images_from_env(void)
{
  const char *s = getenv("GFORTRAN_NUM_IMAGES");
  if (!s) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > PARCAF_MAX_IMAGES ? PARCAF_MAX_IMAGES : (int)n;
  }
  char *end;
  errno = 0;
  long n = strtol(s, &end, 10);
  if (errno || end == s || *end || n < 1 || n > PARCAF_MAX_IMAGES)
    die("GFORTRAN_NUM_IMAGES='%s' is not a number of images from 1 to %d", s, PARCAF_MAX_IMAGES);
  return (int)n;
}

static void heap_init(struct parcaf_heap *h, char *seg, uint64_t start, uint64_t end)
{
  h->start = start;
  h->end = end;
  h->first = start;
  h->used = 0;
  struct parcaf_block *b = (struct parcaf_block *)(seg + start);
  memset(b, 0, sizeof *b);
  b->size = end - start;
  b->free = 1;
}

static void segment_init(char *seg, int image, uint64_t size)
{
  struct parcaf_segment *s = (struct parcaf_segment *)seg;
  uint64_t hdr = round_up(sizeof *s, PARCAF_ALIGN);
  uint64_t mid = round_up(hdr + (size - hdr) / 2, PARCAF_ALIGN);
  s->magic = PARADBG_CAF_SEGMENT_MAGIC;
  s->image = image;
  heap_init(&s->sym, seg, hdr, mid);
  heap_init(&s->asym, seg, mid, size & ~(uint64_t)(PARCAF_ALIGN - 1));
  s->registry = 0;
  s->ntokens = 0;
  s->dap = 0;            /* no registry of distributed arrays until one is registered */
}

void parcaf_ensure_shared(void)
{
  if (parcaf_shared)
    return;
  int n = num_images_from_env();
  uint64_t seg = PARCAF_DEFAULT_SEGMENT;
  const char *s = getenv("GFORTRAN_SHARED_MEMORY_SIZE");
  if (s) {
    bool ok;
    size_t total = parcaf_parse_size(s, &ok);
    if (!ok)
      die("GFORTRAN_SHARED_MEMORY_SIZE='%s' is not a size (bytes, or a number with K, M or G)", s);
    seg = total / (uint64_t)n;
    if (seg > MAX_SEGMENT)
      die("GFORTRAN_SHARED_MEMORY_SIZE=%s is too large: at most %lluG per image", s,
          (unsigned long long)(MAX_SEGMENT >> 30));
    if (seg < MIN_SEGMENT)
      die("GFORTRAN_SHARED_MEMORY_SIZE=%s is too small for %d images: each image needs at least %uK",
          s, n, MIN_SEGMENT >> 10);
  }
  long page = sysconf(_SC_PAGESIZE);
  seg = seg / (uint64_t)page * (uint64_t)page;

  struct parcaf_shared h = {0};
  uint64_t off = round_up(sizeof h, PARCAF_ALIGN);
  h.images_off = off;
  off = round_up(off + (uint64_t)n * sizeof(struct parcaf_image), PARCAF_ALIGN);
  h.sync_off = off;
  off = round_up(off + (uint64_t)n * (uint64_t)n * sizeof(uint32_t), PARCAF_ALIGN);
  h.teams_off = off;
  h.team_stride = round_up(sizeof(struct parcaf_team) + 2u * (uint64_t)n * sizeof(uint32_t), PARCAF_ALIGN);
  off += PARCAF_MAX_TEAMS * h.team_stride;
  h.segments_off = round_up(off, (uint64_t)page);
  h.map_size = h.segments_off + (uint64_t)n * seg;
  h.segment_size = seg;

  void *m = mmap(NULL, h.map_size, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED)
    die("cannot map %llu bytes of shared memory (%s); lower GFORTRAN_SHARED_MEMORY_SIZE",
        (unsigned long long)h.map_size, strerror(errno));
  h.magic = PARADBG_CAF_SHARED_MAGIC;
  h.version = PARADBG_CAF_LAYOUT_VERSION;
  h.num_images = (uint32_t)n;
  h.max_teams = PARCAF_MAX_TEAMS;
  h.supervisor_pid = getpid();
  memcpy(m, &h, sizeof h);
  parcaf_base = m;
  for (int i = 1; i <= n; i++)
    segment_init(parcaf_base + h.segments_off + (uint64_t)(i - 1) * seg, i, seg);
  /* Before the fork, the local view is image 1's segment. */
  void *v = mremap(parcaf_base + h.segments_off, 0, seg, MREMAP_MAYMOVE);
  if (v == MAP_FAILED)
    die("cannot map the local view of the coarray heap (%s)", strerror(errno));
  parcaf_local_view = v;
  parcaf_shared = m;
  parcaf_team_init();
}

struct parcaf_image *parcaf_image(int global)
{
  return parcaf_images_at(parcaf_shared, (uint64_t)(global - 1), 0);
}

struct parcaf_segment *parcaf_segment(int global)
{
  return (struct parcaf_segment *)parcaf_segment_base(global);
}

bool parcaf_is_local_view(const void *p, size_t n)
{
  const char *c = p;
  return parcaf_local_view && c >= parcaf_local_view &&
         c + n <= parcaf_local_view + parcaf_shared->segment_size;
}

/* First fit over blocks in address order: the same sequence of calls gives
   the same offsets on every image, which the symmetric heap relies on. */
uint64_t parcaf_heap_alloc(struct parcaf_heap *h, char *seg, size_t n)
{
  uint64_t need = round_up(n + sizeof(struct parcaf_block), PARCAF_ALIGN);
  if (need < n)
    return 0;
  for (uint64_t off = h->first; off; ) {
    struct parcaf_block *b = (struct parcaf_block *)(seg + off);
    if (b->free && b->size >= need) {
      if (b->size - need >= 2 * sizeof(struct parcaf_block)) {
        struct parcaf_block *rest = (struct parcaf_block *)(seg + off + need);
        memset(rest, 0, sizeof *rest);
        rest->size = b->size - need;
        rest->next = b->next;
        rest->free = 1;
        b->size = need;
        b->next = off + need;
      }
      b->free = 0;
      h->used += b->size;
      return off + sizeof(struct parcaf_block);
    }
    off = b->next;
  }
  return 0;
}

void parcaf_heap_free(struct parcaf_heap *h, char *seg, uint64_t data)
{
  uint64_t off = data - sizeof(struct parcaf_block), prev = 0;
  for (uint64_t o = h->first; o && o != off; o = ((struct parcaf_block *)(seg + o))->next)
    prev = o;
  struct parcaf_block *b = (struct parcaf_block *)(seg + off);
  b->free = 1;
  h->used -= b->size;
  if (b->next) {
    struct parcaf_block *nx = (struct parcaf_block *)(seg + b->next);
    if (nx->free) {
      b->size += nx->size;
      b->next = nx->next;
    }
  }
  if (prev) {
    struct parcaf_block *pb = (struct parcaf_block *)(seg + prev);
    if (pb->free) {
      pb->size += b->size;
      pb->next = b->next;
    }
  }
}
