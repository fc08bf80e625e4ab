/* OpenMP memory allocators on the host: every memory space is ordinary
   memory; an allocator carries an alignment, a pool limit and a fallback. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rtline.h"
#include "paromp.h"

/* omp_alloctrait_key_t and omp_alloctrait_value_t values used here */
enum { ATK_ALIGNMENT = 2, ATK_POOL_SIZE = 4, ATK_FALLBACK = 5, ATK_FB_DATA = 6 };
enum { ATV_DEFAULT_MEM_FB = 11, ATV_NULL_FB = 12, ATV_ABORT_FB = 13, ATV_ALLOCATOR_FB = 14 };
#define PREDEFINED_MAX 8        /* omp_default_mem_alloc .. omp_thread_mem_alloc */
#define ATV_DEFAULT ((uintptr_t)-1)

struct trait {
  int key;
  uintptr_t value;
};

struct allocator {
  size_t align;
  size_t pool_size;             /* 0: unlimited */
  size_t used;
  int fallback;
  uintptr_t fb_data;
};

/* Just before each block: where the allocation starts, and who made it. */
struct header {
  void *base;
  size_t size;
  uintptr_t allocator;
};

static uintptr_t default_allocator = 1;

PAROMP_EXPORT uintptr_t omp_init_allocator(uintptr_t memspace, int ntraits,
                                           const struct trait *traits)
{
  (void)memspace;
  struct allocator *a = calloc(1, sizeof *a);
  if (a == NULL)
    return 0;
  a->align = sizeof(void *);
  a->fallback = ATV_DEFAULT_MEM_FB;
  for (int i = 0; i < ntraits; i++) {
    uintptr_t v = traits[i].value;
    switch (traits[i].key) {
    case ATK_ALIGNMENT:
      if (v == ATV_DEFAULT)
        break;
      if (v == 0 || (v & (v - 1)) != 0) {
        free(a);
        return 0;                /* omp_null_allocator: the traits are invalid */
      }
      a->align = v > a->align ? v : a->align;
      break;
    case ATK_POOL_SIZE:
      a->pool_size = v == ATV_DEFAULT ? 0 : v;
      break;
    case ATK_FALLBACK:
      if (v != ATV_DEFAULT)
        a->fallback = (int)v;
      break;
    case ATK_FB_DATA:
      a->fb_data = v;
      break;
    default:
      break;                     /* hints this host cannot honour */
    }
  }
  return (uintptr_t)a;
}

PAROMP_EXPORT void omp_destroy_allocator(uintptr_t allocator)
{
  if (allocator > PREDEFINED_MAX)
    free((void *)allocator);
}

PAROMP_EXPORT void omp_set_default_allocator(uintptr_t allocator)
{
  default_allocator = allocator ? allocator : 1;
}

PAROMP_EXPORT uintptr_t omp_get_default_allocator(void)
{
  return default_allocator;
}

static void *alloc_with(size_t align, size_t size, uintptr_t allocator, int depth)
{
  if (allocator == 0)
    allocator = default_allocator;
  struct allocator *a = allocator > PREDEFINED_MAX ? (struct allocator *)allocator : NULL;
  if (a != NULL && a->align > align)
    align = a->align;
  if (align < sizeof(void *) || (align & (align - 1)) != 0)
    align = sizeof(void *);
  size_t total = size + align + sizeof(struct header);
  int over = a != NULL && a->pool_size != 0 &&
             __atomic_load_n(&a->used, __ATOMIC_RELAXED) + size > a->pool_size;
  void *base = over || total < size ? NULL : malloc(total);
  if (base == NULL) {
    int fb = a != NULL ? a->fallback : ATV_DEFAULT_MEM_FB;
    if (fb == ATV_ABORT_FB || (depth > 0 && fb != ATV_NULL_FB)) {
      rt_line(stderr, 0, "libparomp: fatal: allocation of %zu bytes failed", size);
      abort();
    }
    if (fb == ATV_NULL_FB)
      return NULL;
    if (fb == ATV_ALLOCATOR_FB && a != NULL)
      return alloc_with(align, size, a->fb_data, depth + 1);
    return over ? alloc_with(align, size, 1, depth + 1) : NULL;
  }
  uintptr_t p = ((uintptr_t)base + sizeof(struct header) + align - 1) & ~(uintptr_t)(align - 1);
  struct header *h = (struct header *)p - 1;
  h->base = base;
  h->size = size;
  h->allocator = allocator;
  if (a != NULL)
    __atomic_add_fetch(&a->used, size, __ATOMIC_RELAXED);
  return (void *)p;
}

PAROMP_EXPORT void *omp_aligned_alloc(size_t align, size_t size, uintptr_t allocator)
{
  return size ? alloc_with(align, size, allocator, 0) : NULL;
}

PAROMP_EXPORT void *omp_alloc(size_t size, uintptr_t allocator)
{
  return omp_aligned_alloc(sizeof(void *), size, allocator);
}

PAROMP_EXPORT void *omp_aligned_calloc(size_t align, size_t n, size_t size, uintptr_t allocator)
{
  if (size != 0 && n > SIZE_MAX / size)
    return NULL;
  void *p = omp_aligned_alloc(align, n * size, allocator);
  if (p != NULL)
    memset(p, 0, n * size);
  return p;
}

PAROMP_EXPORT void *omp_calloc(size_t n, size_t size, uintptr_t allocator)
{
  return omp_aligned_calloc(sizeof(void *), n, size, allocator);
}

PAROMP_EXPORT void omp_free(void *ptr, uintptr_t allocator)
{
  (void)allocator;               /* the header knows */
  if (ptr == NULL)
    return;
  struct header *h = (struct header *)ptr - 1;
  if (h->allocator > PREDEFINED_MAX)
    __atomic_sub_fetch(&((struct allocator *)h->allocator)->used, h->size, __ATOMIC_RELAXED);
  free(h->base);
}

PAROMP_EXPORT void *omp_realloc(void *ptr, size_t size, uintptr_t allocator,
                                uintptr_t free_allocator)
{
  if (ptr == NULL)
    return omp_alloc(size, allocator);
  if (size == 0) {
    omp_free(ptr, free_allocator);
    return NULL;
  }
  struct header *h = (struct header *)ptr - 1;
  void *p = omp_alloc(size, allocator ? allocator : h->allocator);
  if (p != NULL) {
    memcpy(p, ptr, h->size < size ? h->size : size);
    omp_free(ptr, free_allocator);
  }
  return p;
}

/* What gcc emits for the allocate directive and clause. */
PAROMP_EXPORT void *GOMP_alloc(size_t align, size_t size, uintptr_t allocator)
{
  void *p = omp_aligned_alloc(align, size, allocator);
  if (p == NULL && size != 0) {
    rt_line(stderr, 0, "libparomp: fatal: out of memory allocating %zu bytes", size);
    abort();
  }
  return p;
}

PAROMP_EXPORT void GOMP_free(void *ptr, uintptr_t allocator)
{
  omp_free(ptr, allocator);
}
