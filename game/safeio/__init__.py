"""Outside data, safely: the one door every hostile byte comes through, in and out.

Level files, share codes, saves, settings, progress, game records, caches and engine lines
are all written by someone we do not control, and our own files live in a folder others
can write to. Every reader, writer, lister and deleter in Coinland goes through this
package, so the hazards are handled once (the list of doors is `game.doors`, the hostile
battery that checks each of them is `tests/hostile`):

* reading (`reading`): regular files only (a FIFO, a device or a folder is refused before
  any read, and opening never blocks), at most `limit` bytes; text is UTF-8 without NULs;
* parsing (`parsing`): JSON and TOML in linear time, refused when nested deeper than
  `MAX_DEPTH`, with integers over `MAX_INT_DIGITS` digits or numbers that are not finite;
* fields (`fields`): every value checked for type and range; names refuse control
  characters, lone surrogates and bidirectional overrides, and lengths are capped;
* writing (`writing`): atomic, exclusive temporary files beside the target, never through
  a link, stale temporary files of killed runs removed at start, deleting only our own files;
* folders (`folders`): listings capped and newest first by a time we trust, walks capped by
  depth and count without recursion; `places`: the data folder from the environment;
* showing (`errors`): one line per problem naming the source, the field and what was
  expected; any file name escaped (`show_name`) before it reaches a label or a terminal.

Every failure to read is an `UnsafeInput`, a `ValueError` whose text is one line; every
failure to write is an `OSError` the caller reports once. This package imports no pygame.
"""

from game.safeio.errors import KIB, MAX_NOTICE, NOT_PLAIN, UnsafeInput, describe, one_line, plain, show_name
from game.safeio.fields import (
    clean_text,
    need_bool,
    need_choice,
    need_int,
    need_list,
    need_number,
    need_table,
    need_text,
    text_problem,
)
from game.safeio.folders import Found, Listing, is_link, list_files, list_names, walk_files
from game.safeio.parsing import MAX_DEPTH, MAX_INT_DIGITS, check_tree, nesting_depth, parse_json, parse_toml
from game.safeio.places import data_dir, env_path
from game.safeio.reading import (
    TOO_LONG,
    decode_text,
    read_bytes,
    read_json_file,
    read_line,
    read_prefix,
    read_text,
    read_toml_file,
)
from game.safeio.writing import (
    atomic_create_text,
    atomic_write_bytes,
    atomic_write_text,
    clean_temps,
    file_lock,
    is_temp_name,
    make_folder,
    make_temp_folder,
    refuse_link,
    remove_own,
    set_aside,
)

__all__ = [
    "KIB",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_NOTICE",
    "NOT_PLAIN",
    "TOO_LONG",
    "Found",
    "Listing",
    "UnsafeInput",
    "atomic_create_text",
    "atomic_write_bytes",
    "atomic_write_text",
    "check_tree",
    "clean_temps",
    "clean_text",
    "data_dir",
    "decode_text",
    "describe",
    "env_path",
    "file_lock",
    "is_link",
    "is_temp_name",
    "list_files",
    "list_names",
    "make_folder",
    "make_temp_folder",
    "need_bool",
    "need_choice",
    "need_int",
    "need_list",
    "need_number",
    "need_table",
    "need_text",
    "nesting_depth",
    "one_line",
    "parse_json",
    "parse_toml",
    "plain",
    "read_bytes",
    "read_json_file",
    "read_line",
    "read_prefix",
    "read_text",
    "read_toml_file",
    "refuse_link",
    "remove_own",
    "set_aside",
    "show_name",
    "text_problem",
    "walk_files",
]
