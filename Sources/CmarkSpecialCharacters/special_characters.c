// cmark-gfm keeps the inline parser's special characters in one process-wide
// table. Every cmark_parser_finish calls
// cmark_manage_extensions_special_characters(parser, 1) before parsing
// inlines and (parser, 0) after, which sets and then clears the characters of
// the attached extensions (':' and 'w' for autolinks, '~' for
// strikethrough). With parsers on several threads, one parser clearing ':'
// while another is still parsing makes that page lose its bare-URL autolinks:
// the output changes from run to run (github/cmark-gfm#221).
//
// The library calls that function through its procedure linkage table, so a
// definition in the executable takes its place (ELF symbol interposition).
// This one ignores every call once the table is frozen: the table is filled
// once with the extensions every specsite parser attaches, and never shrinks.
// The extensions' own character lists stay as they are, because the inline
// parser also uses them to find which extension closes a `~~` delimiter.
//
// Written in C because it must be an exported C symbol of exactly the
// library's signature, and it needs dlsym(RTLD_NEXT) to reach the original.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>

#include "cmark_special_characters.h"

typedef void (*manage_function)(cmark_parser *, int);

static atomic_int frozen = 0;

void cmark_manage_extensions_special_characters(cmark_parser *parser, int add);

void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
  if (atomic_load(&frozen))
    return;
  manage_function original =
      (manage_function)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
  if (original)
    original(parser, add);
}

int specsite_cmark_freeze_special_characters(cmark_parser *parser) {
  // The replacement only works if the dynamic linker resolves the library's
  // calls to it: check that the process-wide lookup finds this definition.
  void *resolved = dlsym(RTLD_DEFAULT, "cmark_manage_extensions_special_characters");
  if (resolved != (void *)&cmark_manage_extensions_special_characters)
    return 0;
  manage_function original =
      (manage_function)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
  if (!original)
    return 0;
  original(parser, 1);
  atomic_store(&frozen, 1);
  return 1;
}
