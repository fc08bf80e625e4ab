/* json-c helpers shared by libparadbg's JSON views (json.c, caf-json.c). */
#ifndef PARADBG_LIB_JSONKIT_H
#define PARADBG_LIB_JSONKIT_H

#include <stdint.h>

#include <json-c/json.h>

#define JSON_FORMAT 1   /* docs/paradbg-inspect.schema.json's format */

typedef struct json_object J;

/* Set when json-c could not allocate: a view then returns NULL rather than
   a document with holes.  Clear it before building one. */
extern __thread int jk_out_of_memory;

J *jk_str(const char *s);     /* NULL s: JSON null */
J *jk_addr(uint64_t v);       /* "0x..." */
J *jk_uint(uint64_t v);
J *jk_int(int64_t v);
J *jk_obj(void);
J *jk_arr(void);
void jk_put(J *o, const char *key, J *v);   /* v NULL: null */
void jk_add(J *a, J *v);
/* JSON text with characters a terminal should not get escaped as \u. */
char *jk_escape_unprintable(const char *text);

struct pdb_json_target;
/* json.c: a document's root (format, target, plugin), and its text. */
J *jk_root(const char *plugin_path, const char *plugin_version, const struct pdb_json_target *t);
/* The root a view adds its key to: doc parsed (a document pdb_json or
   another view wrote; NULL if it is not a JSON object), or without doc a
   new root for t.  Resets jk_out_of_memory. */
J *jk_doc_root(const char *doc, const struct pdb_json_target *t);
char *jk_render(J *root);

#endif
