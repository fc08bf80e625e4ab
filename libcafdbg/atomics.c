/* Atomic locks: libparatomic's lock table (the locks behind atomics wider
   than the hardware's) in one address space, who holds each lock and for
   which object, and which threads wait.  Everything it knows of the
   runtime comes from paradbg/atomic-layout.h and the table the runtime
   exports (paradbg_atomic_layout); it needs no coarray runtime, so an
   OpenMP program linked with -latomic is read too. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "paradbg/atomic-layout.h"

#include "cafdbg-private.h"

/* Bounds on what a target can claim.  The runtime has 64 locks of 64
   bytes each and 256 wait slots; a corrupt core may claim anything. */
#define CA_MAX_LOCKS (1u << 16)
#define CA_MAX_WAITS (1u << 16)
#define CA_MAX_GRANULE (1u << 30)

/* What this library expects of the table, from the lists the runtime's
   table is built from. */
PARADBG_LAYOUT_SPEC(atomic_spec, PARADBG_ATOMIC);

enum ca_symbol {
#define CA_SYMBOL_ENUM(name) CA_SYM_##name,
  PARADBG_ATOMIC_SYMBOLS(CA_SYMBOL_ENUM)
#undef CA_SYMBOL_ENUM
  CA_NSYMBOLS
};

static const unsigned char symbol_kind[CA_NSYMBOLS] = {
#define CA_SYMBOL_KIND(name, k) PARADBG_LAYOUT_KIND_##k,
  PARADBG_ATOMIC_SYMBOL_KINDS(CA_SYMBOL_KIND)
#undef CA_SYMBOL_KIND
};

#define CA_F(s, f) PARADBG_ATOMIC_FIELD_##s##_##f
#define CA_T(s) PARADBG_ATOMIC_TYPE_##s

/* One of the table's arrays, read whole at first need and kept: a handle
   is a snapshot.  A read that failed is not tried again, so that one
   handle gives one answer. */
struct ca_array {
  int state;                          /* 0 not yet read, 1 read, -1 the read failed */
  ompd_rc_t rc;                       /* why it failed */
  unsigned char *buf;
};

struct _cafdbg_atomic_handle {
  ompd_address_space_context_t *context;
  struct paradbg_layout_target target;
  struct paradbg_atomic_layout layout;   /* checked, in host byte order */
  ompd_addr_t sym[CA_NSYMBOLS];          /* 0: not found */
  uint64_t nlocks, granule, nwaits;
  struct ca_array locks, waits;
  /* The slots that name a waiter (lwp > 0, lock < nlocks), in slot order,
     once the wait slots are read. */
  int named_done;
  uint32_t *named;
  uint64_t nnamed;
};

/* n bytes at addr through the debugger's memory callback. */
static ompd_rc_t ca_read(cafdbg_atomic_handle_t *h, uint64_t addr, uint64_t n, void *buf)
{
  return cd_read_in(h->context, addr, n, buf);
}

/* A value of kind k of size bytes in the target's order, in host order
   and widened with its sign. */
static ompd_rc_t to_host_kind(cafdbg_atomic_handle_t *h, const void *raw, unsigned size,
                              unsigned k, uint64_t *out)
{
  return cd_value_in(h->context, raw, size, k, out);
}

/* Field f of the record at rec (one element of an array read whole); the
   table was checked, so the field lies inside its record and has its
   kind's size. */
static ompd_rc_t field(cafdbg_atomic_handle_t *h, const unsigned char *rec,
                       enum paradbg_atomic_field f, uint64_t *out)
{
  return to_host_kind(h, rec + h->layout.field[f].offset, h->layout.field[f].size,
                      atomic_spec_field_kind[f], out);
}

/* The value of a scalar symbol, read as its kind says. */
static ompd_rc_t read_symbol(cafdbg_atomic_handle_t *h, enum ca_symbol sym, uint64_t *out)
{
  unsigned char raw[8];
  unsigned k = symbol_kind[sym], size = paradbg_layout_kind_size(k, &h->target);
  if (size == 0 || size > sizeof raw || paradbg_layout_kind_array(k))
    return ompd_rc_bad_input;   /* not a number */
  ompd_rc_t rc = ca_read(h, h->sym[sym], size, raw);
  return rc != ompd_rc_ok ? rc : to_host_kind(h, raw, size, k, out);
}

/* ompd_rc_unavailable when the address space holds no table this library
   reads (another libatomic, or none); ompd_rc_incompatible when it holds
   the table but not the arrays and counts version 2 has. */
static ompd_rc_t lookup_symbols(cafdbg_atomic_handle_t *h)
{
  static const char *const names[CA_NSYMBOLS] = {
#define CA_SYMBOL_NAME(name) #name,
    PARADBG_ATOMIC_SYMBOLS(CA_SYMBOL_NAME)
#undef CA_SYMBOL_NAME
  };
  for (unsigned i = 0; i < CA_NSYMBOLS; i++) {
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, 0 };
    if (cd_cb->symbol_addr_lookup(h->context, NULL, names[i], &a, NULL) == ompd_rc_ok)
      h->sym[i] = a.address;
  }
  if (h->sym[CA_SYM_paradbg_atomic_layout] == 0)
    return ompd_rc_unavailable;
  if (h->sym[CA_SYM_paratomic_locks] == 0 || h->sym[CA_SYM_paratomic_nlocks] == 0 ||
      h->sym[CA_SYM_paratomic_granule] == 0 || h->sym[CA_SYM_paratomic_waits] == 0 ||
      h->sym[CA_SYM_paratomic_nwaits] == 0)
    return ompd_rc_incompatible;
  return ompd_rc_ok;
}

/* The table must be the one this library was built for (paradbg/layout.h's
   validator: magic, version, size, pointer size, every field inside its
   structure and of its kind's size); anything else is refused. */
static ompd_rc_t load_layout(cafdbg_atomic_handle_t *h)
{
  return cd_layout_read(h->context, &atomic_spec, h->sym[CA_SYM_paradbg_atomic_layout], &h->target,
                        &h->layout, sizeof h->layout);
}

/* The table's geometry: counts and granule within the bounds, and both
   arrays together no more than one gathering read may fetch. */
static ompd_rc_t load_geometry(cafdbg_atomic_handle_t *h)
{
  uint64_t nlocks, granule, nwaits, end;
  ompd_rc_t rc;
  if ((rc = read_symbol(h, CA_SYM_paratomic_nlocks, &nlocks)) != ompd_rc_ok ||
      (rc = read_symbol(h, CA_SYM_paratomic_granule, &granule)) != ompd_rc_ok ||
      (rc = read_symbol(h, CA_SYM_paratomic_nwaits, &nwaits)) != ompd_rc_ok)
    return rc;
  if (nlocks < 1 || nlocks > CA_MAX_LOCKS || granule < 1 || granule > CA_MAX_GRANULE ||
      nwaits > CA_MAX_WAITS)
    return ompd_rc_error;
  /* each type is at most PARADBG_LAYOUT_MAX_TYPE_SIZE: no overflow */
  uint64_t lock_bytes = nlocks * h->layout.type_size[CA_T(lock)];
  uint64_t wait_bytes = nwaits * h->layout.type_size[CA_T(wait)];
  if (lock_bytes + wait_bytes > CD_CHUNK_MAX ||
      __builtin_add_overflow(h->sym[CA_SYM_paratomic_locks], lock_bytes, &end) ||
      __builtin_add_overflow(h->sym[CA_SYM_paratomic_waits], wait_bytes, &end))
    return ompd_rc_error;
  h->nlocks = nlocks;
  h->granule = granule;
  h->nwaits = nwaits;
  return ompd_rc_ok;
}

/* n elements of type t at addr, read in one callback at first need. */
static ompd_rc_t load_array(cafdbg_atomic_handle_t *h, struct ca_array *a, uint64_t addr,
                            uint64_t n, unsigned t)
{
  uint64_t bytes = n * h->layout.type_size[t];   /* bounded by load_geometry */
  ompd_rc_t rc;
  if (a->state > 0)
    return ompd_rc_ok;
  if (a->state < 0)
    return a->rc;
  if ((rc = cd_alloc(bytes, (void **)&a->buf)) != ompd_rc_ok)
    return rc;   /* nothing kept: the next need tries again */
  if ((rc = ca_read(h, addr, bytes, a->buf)) != ompd_rc_ok) {
    cd_free(a->buf);
    a->buf = NULL;
    a->state = -1;
    a->rc = rc;
    return rc;
  }
  a->state = 1;
  return ompd_rc_ok;
}

static ompd_rc_t load_locks(cafdbg_atomic_handle_t *h)
{
  return load_array(h, &h->locks, h->sym[CA_SYM_paratomic_locks], h->nlocks, CA_T(lock));
}

/* The wait slots, and which of them name a waiter. */
static ompd_rc_t load_waits(cafdbg_atomic_handle_t *h)
{
  uint64_t size = h->layout.type_size[CA_T(wait)], lwp, lock;
  uint32_t *named;
  ompd_rc_t rc;
  if (h->named_done)
    return ompd_rc_ok;
  if (h->nwaits == 0) {
    h->named_done = 1;
    return ompd_rc_ok;
  }
  if ((rc = load_array(h, &h->waits, h->sym[CA_SYM_paratomic_waits], h->nwaits, CA_T(wait))) !=
          ompd_rc_ok ||
      (rc = cd_alloc(h->nwaits * sizeof *named, (void **)&named)) != ompd_rc_ok)
    return rc;
  uint64_t n = 0;
  for (uint64_t i = 0; i < h->nwaits; i++) {
    const unsigned char *rec = h->waits.buf + i * size;
    if ((rc = field(h, rec, CA_F(wait, lwp), &lwp)) != ompd_rc_ok ||
        (rc = field(h, rec, CA_F(wait, lock), &lock)) != ompd_rc_ok) {
      cd_free(named);
      return rc;
    }
    /* 0 free, -1 being filled; a lock out of range is garbage, skipped */
    if ((int64_t)lwp > 0 && lock < h->nlocks)
      named[n++] = (uint32_t)i;
  }
  h->named = named;
  h->nnamed = n;
  h->named_done = 1;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_atomic_initialize(ompd_address_space_context_t *context,
                                             cafdbg_atomic_handle_t **handle)
{
  cafdbg_atomic_handle_t *h;
  ompd_rc_t rc;
  if (cd_cb == NULL)
    return ompd_rc_error;
  if (context == NULL || handle == NULL)
    return ompd_rc_bad_input;
  *handle = NULL;
  if ((rc = cd_alloc(sizeof *h, (void **)&h)) != ompd_rc_ok)
    return rc;
  memset(h, 0, sizeof *h);
  h->context = context;
  if ((rc = cd_target_in(context, &h->target)) != ompd_rc_ok) {
    cd_free(h);
    return rc;
  }
  if ((rc = lookup_symbols(h)) != ompd_rc_ok || (rc = load_layout(h)) != ompd_rc_ok ||
      (rc = load_geometry(h)) != ompd_rc_ok) {
    cd_free(h);
    return rc;
  }
  *handle = h;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_rel_atomic_handle(cafdbg_atomic_handle_t *handle)
{
  if (handle == NULL)
    return ompd_rc_bad_input;
  cd_free(handle->locks.buf);
  cd_free(handle->waits.buf);
  cd_free(handle->named);
  cd_free(handle);
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_atomic_info(cafdbg_atomic_handle_t *handle,
                                           cafdbg_atomic_info_t *info)
{
  if (handle == NULL || info == NULL)
    return ompd_rc_bad_input;
  memset(info, 0, sizeof *info);
  info->nlocks = handle->nlocks;
  info->granule = handle->granule;
  info->nwait_slots = handle->nwaits;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_atomic_lock(cafdbg_atomic_handle_t *handle, uint64_t index,
                                           cafdbg_atomic_lock_t *lock)
{
  uint64_t state, waiters, seq, owner = 0, addr = 0, size = 0;
  ompd_rc_t rc;
  if (handle == NULL || lock == NULL)
    return ompd_rc_bad_input;
  memset(lock, 0, sizeof *lock);
  if (index >= handle->nlocks)
    return ompd_rc_bad_input;
  if ((rc = load_locks(handle)) != ompd_rc_ok)
    return rc;
  const unsigned char *rec = handle->locks.buf + index * handle->layout.type_size[CA_T(lock)];
  if ((rc = field(handle, rec, CA_F(lock, state), &state)) != ompd_rc_ok ||
      (rc = field(handle, rec, CA_F(lock, waiters), &waiters)) != ompd_rc_ok)
    return rc;
  if (state > PARADBG_ATOMIC_LOCK_CONTENDED || waiters > INT_MAX)
    return ompd_rc_error;
  /* owner, addr and size are not cleared on release: they are the
     holder's only once it has made seq odd (before that, the last one's) */
  if ((rc = field(handle, rec, CA_F(lock, seq), &seq)) != ompd_rc_ok)
    return rc;
  if (state != PARADBG_ATOMIC_LOCK_FREE && (seq & 1)) {
    if ((rc = field(handle, rec, CA_F(lock, owner), &owner)) != ompd_rc_ok ||
        (rc = field(handle, rec, CA_F(lock, addr), &addr)) != ompd_rc_ok ||
        (rc = field(handle, rec, CA_F(lock, size), &size)) != ompd_rc_ok)
      return rc;
    if ((int64_t)owner < 0)
      return ompd_rc_error;   /* an LWP id is positive; 0: not yet recorded */
  }
  lock->state = (cafdbg_atomic_state_t)state;
  lock->owner = (int64_t)owner;
  lock->object.segment = OMPD_SEGMENT_UNSPECIFIED;
  lock->object.address = addr;
  lock->size = size;
  lock->waiters = (int)waiters;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_atomic_waiter(cafdbg_atomic_handle_t *handle, uint64_t nth,
                                             cafdbg_atomic_waiter_t *waiter)
{
  uint64_t lwp, lock, addr, size;
  ompd_rc_t rc;
  if (handle == NULL || waiter == NULL)
    return ompd_rc_bad_input;
  memset(waiter, 0, sizeof *waiter);
  if ((rc = load_waits(handle)) != ompd_rc_ok)
    return rc;
  if (nth >= handle->nnamed)
    return ompd_rc_unavailable;
  const unsigned char *rec =
      handle->waits.buf + (uint64_t)handle->named[nth] * handle->layout.type_size[CA_T(wait)];
  if ((rc = field(handle, rec, CA_F(wait, lwp), &lwp)) != ompd_rc_ok ||
      (rc = field(handle, rec, CA_F(wait, lock), &lock)) != ompd_rc_ok ||
      (rc = field(handle, rec, CA_F(wait, addr), &addr)) != ompd_rc_ok ||
      (rc = field(handle, rec, CA_F(wait, size), &size)) != ompd_rc_ok)
    return rc;
  waiter->lwp = (int64_t)lwp;
  waiter->lock = lock;
  waiter->object.segment = OMPD_SEGMENT_UNSPECIFIED;
  waiter->object.address = addr;
  waiter->size = size;
  return ompd_rc_ok;
}

/* As libparatomic picks them: the locks of the granules the object's bytes
   lie in (a size of 0 is one byte), every lock once it spans nlocks
   granules, taken in increasing index order.  An object that wraps past
   the end of the address space spans them all, as the runtime's unsigned
   arithmetic has it. */
CD_EXPORT ompd_rc_t cafdbg_get_atomic_locks_of(cafdbg_atomic_handle_t *handle,
                                               ompd_address_t addr, uint64_t size,
                                               uint64_t *locks, int max, int *count)
{
  if (handle == NULL || count == NULL || max < 0 || (locks == NULL && max > 0))
    return ompd_rc_bad_input;
  uint64_t n = handle->nlocks;
  struct paradbg_atomic_span a = paradbg_atomic_span_of(addr.address, size, handle->granule, n);
  uint64_t first = a.first, span = a.count;
  /* ascending: the part that wraps past the table's end comes first */
  uint64_t wrap = first + span > n ? first + span - n : 0;
  int k = 0;
  for (uint64_t i = 0; i < wrap; i++, k++)
    if (k < max)
      locks[k] = i;
  for (uint64_t i = first; i < first + span - wrap; i++, k++)
    if (k < max)
      locks[k] = i;
  *count = k;
  return ompd_rc_ok;
}
