/* libcafdbg's insides: the handles it gives out, and how it reads libparcaf
   through the debugger's callbacks.  Everything it knows of the runtime
   comes from paradbg/caf-layout.h and the table the runtime exports; it
   trusts nothing it reads and bounds every walk. */
#ifndef PARADBG_CAFDBG_PRIVATE_H
#define PARADBG_CAFDBG_PRIVATE_H

#include <stdint.h>

#include <cafdbg.h>

#include "paradbg/caf-layout.h"

#define CD_EXPORT __attribute__((visibility("default")))

/* Bounds on what a target can claim; a corrupt core may claim anything. */
#define CD_MAX_IMAGES (1u << 16)
#define CD_MAX_TEAMS (1u << 12)
#define CD_MAX_TOKENS (1u << 16)          /* registry records walked per image */
/* The fields this library reads of one structure lie within this many
   bytes (checked when the table is loaded), so one read fetches them. */
#define CD_SPAN_MAX 2048u
/* The most one read fetches when it gathers many records at once. */
#define CD_CHUNK_MAX (4u << 20)
/* The most one read fetches for the program handle's copy of a whole
   array (images, team slots, the sync matrix); a larger one is read in
   pieces when needed. */
#define CD_READ_MAX (64u << 20)
/* The program handle keeps one piece of each image's segment (the part
   around the registry records and locks last asked for): a piece is at
   most CD_PIECE_MAX bytes, all of them together at most CD_PIECES_MAX,
   and none is kept when that leaves less than CD_PIECE_MIN per image. */
#define CD_PIECE_MAX (16u << 10)
#define CD_PIECE_MIN (1u << 10)
#define CD_PIECES_MAX (32u << 20)

/* gfortran's caf_register_t (token.regtype holds the value the program
   passed to _gfortran_caf_register): the ABI's numbers, not libparcaf's. */
enum cd_regtype {
  CD_REG_COARRAY_STATIC = 0,
  CD_REG_COARRAY_ALLOC = 1,
  CD_REG_LOCK_STATIC = 2,
  CD_REG_LOCK_ALLOC = 3,
  CD_REG_CRITICAL = 4,
  CD_REG_EVENT_STATIC = 5,
  CD_REG_EVENT_ALLOC = 6,
  CD_REG_ALLOC_REGISTER_ONLY = 7,
  CD_REG_ALLOC_ALLOCATE_ONLY = 8
};

/* The debugger's callbacks: one table for the library's life (set by
   cafdbg_initialize), not per address space. */
extern const ompd_callbacks_t *cd_cb;

enum cd_symbol {
#define CD_SYMBOL_ENUM(name) CD_SYM_##name,
  PARADBG_CAF_SYMBOLS(CD_SYMBOL_ENUM)
#undef CD_SYMBOL_ENUM
  CD_NSYMBOLS
};

#define CD_F(s, f) PARADBG_CAF_FIELD_##s##_##f
#define CD_T(s) PARADBG_CAF_TYPE_##s

/* The parts of the shared header that never change once the mapping is
   made, under the layout's names (PARADBG_CAF_ARRAYS names them). */
struct cd_shared {
  uint64_t num_images, max_teams;
  uint64_t map_size, segment_size;
  uint64_t segments_off, images_off, sync_off, teams_off, team_stride;
};

/* A team slot's record. */
struct cd_team {
  int32_t refs, number, parent, size;
  uint64_t members_off, epochs_off;
};

/* The fields of one structure as read: the bytes from the lowest field
   this library reads to the end of the highest. */
struct cd_rec {
  unsigned type;
  unsigned char b[CD_SPAN_MAX];
};

/* A run of target bytes the program handle read once and keeps. */
struct cd_block {
  int state;                          /* 0 not yet read, 1 read, -1 read in pieces instead */
  unsigned char *buf;
};

/* A team slot as the program handle decoded it, with its members' images
   and barrier counts (team.size of each) once they are needed. */
#define CD_TEAM_WORDS_MAX ((uint64_t)1 << 24)

struct cd_slot {
  int state;                          /* 0 not yet, 1 the record, 2 and the arrays */
  struct cd_team team;
  uint32_t *members, *epochs;
};

/* The piece of one image's segment the program handle keeps. */
struct cd_piece {
  uint64_t key;                       /* the piece's number + 1; 0 none */
  int ok;                             /* 0: that piece could not be read */
  unsigned char *buf;
};

/* A program handle is a snapshot (docs/cafdbg-api.md, 3): what it reads,
   at first need, it keeps until it is released, so that a host listing
   every image pays for each array once. */
struct _cafdbg_program_handle {
  ompd_address_space_context_t *context;
  ompd_device_type_sizes_t sizes;
  struct paradbg_caf_layout layout;   /* checked, in host byte order */
  unsigned span_lo[PARADBG_CAF_NTYPES], span_hi[PARADBG_CAF_NTYPES];
  ompd_addr_t sym[CD_NSYMBOLS];       /* 0: not found */
  uint64_t base;                      /* parcaf_shared: the mapping */
  uint64_t local_view;                /* parcaf_local_view, 0 unknown */
  struct cd_shared shared;
  struct cd_rec header;               /* the shared header as read when it was made */
  int this_image_valid;
  uint64_t this_image;                /* parcaf_this_image, once read */
  struct cd_block images, teams, sync;   /* the mapping's arrays, whole */
  struct cd_slot *slots;              /* max_teams of them, once a team is needed */
  uint64_t team_words;                /* members and barrier counts decoded, all slots */
  int8_t *status;                     /* every image's status, once needed */
  uint64_t piece_size;                /* 0: not yet chosen; UINT64_MAX: none kept */
  struct cd_piece *pieces;            /* num_images of them */
  unsigned long handles;              /* live handles made from this one */
};

struct _cafdbg_image_handle {
  cafdbg_program_handle_t *ph;
  int image;
  /* The image's record, as the program handle has it. */
  int64_t pid;
  int status, stop_code, signal, wait_kind, wait_image, team_slot, team_index;
  int wait_count, wait_operation;
  uint64_t wait_offset;
  /* Its team, in the program handle, once needed. */
  const struct cd_slot *team;
};

struct _cafdbg_team_handle {
  cafdbg_program_handle_t *ph;
  int slot;
  struct cd_team team;
};

struct _cafdbg_coarray_handle {
  cafdbg_program_handle_t *ph;
  int image;                          /* whose registry holds it */
  uint64_t record;                    /* its token record, a segment offset */
  uint64_t step, limit;               /* its place in the registry walk, and the walk's bound */
  int regtype, rank, type;
  uint64_t nbytes, nelem, data, next, elem_len, serial, token_var, desc;
  int64_t lbound[CAFDBG_MAX_RANK], ubound[CAFDBG_MAX_RANK];
  /* The last image asked whether it has a copy, and the answer. */
  int copy_image;
  ompd_rc_t copy_rc;
};

/* target.c: reading */
ompd_rc_t cd_alloc(uint64_t n, void **p);
void cd_free(void *p);
/* n bytes at addr in the address space of context (NULL addr:
   ompd_rc_unavailable; a failed read: ompd_rc_device_read_error). */
ompd_rc_t cd_read_in(ompd_address_space_context_t *context, uint64_t addr, uint64_t n, void *buf);
ompd_rc_t cd_read(cafdbg_program_handle_t *ph, uint64_t addr, uint64_t n, void *buf);
/* The layout table at addr, checked by paradbg/layout.h's validator into
   out: ompd_rc_incompatible for any other table (or none). */
ompd_rc_t cd_layout_read(ompd_address_space_context_t *context, const struct paradbg_layout_spec *spec,
                         uint64_t addr, const struct paradbg_layout_target *t, void *out, size_t size);
ompd_rc_t cd_to_host(cafdbg_program_handle_t *ph, const void *raw, unsigned size, uint64_t *out);
/* A value of kind k (paradbg/layout.h) of size bytes in the target's
   order, in host order and widened with its sign. */
ompd_rc_t cd_value_in(ompd_address_space_context_t *context, const void *raw, unsigned size,
                      unsigned k, uint64_t *out);
/* The address of the symbol name in the address space of context; 0 when
   the debugger does not know it. */
uint64_t cd_symbol_in(ompd_address_space_context_t *context, const char *name);
/* The target's int, long and pointer sizes of context, as the layout kit
   reads them; ompd_rc_callback_error when the debugger does not say. */
ompd_rc_t cd_target_in(ompd_address_space_context_t *context, struct paradbg_layout_target *t);
unsigned cd_type_size(const cafdbg_program_handle_t *ph, unsigned type);
ompd_rc_t cd_read_rec(cafdbg_program_handle_t *ph, uint64_t addr, unsigned type, struct cd_rec *r);
ompd_rc_t cd_rec_from(cafdbg_program_handle_t *ph, const unsigned char *record, unsigned type,
                      struct cd_rec *r);
ompd_rc_t cd_get(cafdbg_program_handle_t *ph, const struct cd_rec *r, enum paradbg_caf_field f,
                 uint64_t *out);
ompd_rc_t cd_get_elem(cafdbg_program_handle_t *ph, const struct cd_rec *r,
                      enum paradbg_caf_field f, unsigned i, uint64_t *out);
unsigned cd_field_count(const cafdbg_program_handle_t *ph, enum paradbg_caf_field f);
int cd_check_value(enum paradbg_caf_field f, uint64_t v);
ompd_rc_t cd_load_layout(cafdbg_program_handle_t *ph);
ompd_rc_t cd_read_symbol(cafdbg_program_handle_t *ph, enum cd_symbol sym, uint64_t *out);
ompd_rc_t cd_read_u32s(cafdbg_program_handle_t *ph, uint64_t addr, uint64_t n, uint32_t *out);
int cd_segment_addr(const cafdbg_program_handle_t *ph, int image, uint64_t off, uint64_t n,
                    uint64_t *addr);
/* The n bytes at p in an image's own view of its segment (the local view,
   caf-layout.h's rule), as they lie in image `image`'s segment of the
   mapping: 1 with their address there, 0 when p is not in the local view,
   -1 when it is but the bytes run past the segment's end. */
int cd_local_addr(const cafdbg_program_handle_t *ph, int image, uint64_t p, uint64_t n,
                  uint64_t *addr);
ompd_rc_t cd_statuses(cafdbg_program_handle_t *ph);
ompd_rc_t cd_cached(cafdbg_program_handle_t *ph, struct cd_block *b, uint64_t addr, uint64_t n,
                    const unsigned char **out);
ompd_rc_t cd_image_rec(cafdbg_program_handle_t *ph, int image, struct cd_rec *r);
ompd_rc_t cd_segment_rec(cafdbg_program_handle_t *ph, int image, uint64_t off, unsigned type,
                         uint64_t *addr, struct cd_rec *r);
void cd_forget(cafdbg_program_handle_t *ph);

/* The arrays of the mapping, found as PARADBG_CAF_ARRAYS says:
   cd_<name>_at(ph, holder, i, j, &addr) is 1 with the address of element
   [i][j], 0 when it lies outside the array or the array outside the
   mapping. */
#define CD_COUNT_ONE(ph) 1u
#define CD_COUNT_num_images(ph) (ph)->shared.num_images
#define CD_COUNT_max_teams(ph) (ph)->shared.max_teams
#define CD_STRIDE_TYPE(ph, t) cd_type_size(ph, PARADBG_CAF_TYPE_##t)
#define CD_STRIDE_FIELD(ph, f) (ph)->shared.f
#define CD_STRIDE_KIND(ph, k) cd_kind_size(ph, PARADBG_LAYOUT_KIND_##k)
static inline uint64_t cd_kind_size(const cafdbg_program_handle_t *ph, unsigned k)
{
  struct paradbg_layout_target t = { ph->sizes.sizeof_int, ph->sizes.sizeof_long,
                                     ph->sizes.sizeof_pointer };
  return paradbg_layout_kind_size(k, &t);
}
#define CD_ARRAY_AT(name, holder, off, rows, cols, how, what)                              \
  static inline int cd_##name##_at(const cafdbg_program_handle_t *ph,                     \
                                   const struct cd_##holder *h, uint64_t i, uint64_t j,   \
                                   uint64_t *addr)                                        \
  {                                                                                       \
    return paradbg_layout_element(ph->base, ph->shared.map_size, h->off, CD_COUNT_##rows(ph), \
                                  CD_COUNT_##cols(ph), CD_STRIDE_##how(ph, what), i, j, addr); \
  }
PARADBG_CAF_ARRAYS(CD_ARRAY_AT)
#undef CD_ARRAY_AT

/* setup.c */
void cd_handle_made(cafdbg_program_handle_t *ph);
void cd_handle_gone(cafdbg_program_handle_t *ph);
/* parcaf_this_image (0 when the runtime exports none), read once. */
ompd_rc_t cd_this_image(cafdbg_program_handle_t *ph, uint64_t *me);

/* teams.c */
ompd_rc_t cd_team_slot(cafdbg_program_handle_t *ph, int slot, int arrays, const struct cd_slot **out);
ompd_rc_t cd_new_team_handle(cafdbg_program_handle_t *ph, int slot, const struct cd_team *t,
                             cafdbg_team_handle_t **out);

/* coarrays.c */
/* Image g's segment header, its magic and image number checked
   (ompd_rc_error when they are not that image's). */
ompd_rc_t cd_segment_header(cafdbg_program_handle_t *ph, int g, struct cd_rec *r);
ompd_rc_t cd_find_coarray(cafdbg_program_handle_t *ph, int image, uint64_t off,
                          cafdbg_coarray_handle_t **out);

#endif
