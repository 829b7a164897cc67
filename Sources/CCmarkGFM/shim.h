// The parser and the GitHub extensions (tables, task lists, strikethrough,
// autolinks, tag filter), as Debian's libcmark-gfm-dev and
// libcmark-gfm-extensions-dev install them.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
