#ifndef SPECSITE_CMARK_SPECIAL_CHARACTERS_H
#define SPECSITE_CMARK_SPECIAL_CHARACTERS_H

#include <cmark-gfm.h>

/// Fills cmark-gfm's process-wide table of special inline characters with
/// the characters of the extensions attached to `parser`, and keeps it that
/// way for the life of the process: no later parse adds or removes any.
///
/// Returns 1 when the table is frozen. Returns 0 when this process does not
/// route cmark-gfm's calls through the replacement below (then the caller must
/// not run two parsers' `cmark_parser_finish` at once).
int specsite_cmark_freeze_special_characters(cmark_parser *parser);

#endif
