# doc_paths.cmake: the docs name what is there. Fails when a path the
# docs give does not exist, or when a file under src/ is not named in
# docs/architecture.md (the page a new maintainer reads to find a file).
#
#   cmake -DROOT=<repository> -P doc_paths.cmake
#
# The paths checked, exactly: every span in backquotes on a line of
# ROOT/docs/*.md outside fenced code blocks (``` lines), whose first word
# (up to a space) starts with src/, include/, tests/, docs/, rules/,
# scripts/ or .ci/, or is one of the top-level files (CMakeLists.txt,
# CMakePresets.json, README.md, LICENSE). Of that word, a trailing ":LINE"
# or ":LINE-LINE" (a place in a file) and a trailing "," "." ";" ")" are
# dropped; "<...>" (a placeholder, as in tests/fuzz/corpus/<harness>/) and
# "*" are wildcards that must match at least one path; a trailing "/" must
# be a folder. Everything else in backquotes (commands, options, symbols,
# a file's bare name, paths of other projects written without those
# prefixes) is not a path of ours and is not checked.
#
# A file of src/ is named in docs/architecture.md when its path from the
# repository (src/ui/term.c), from src/ (ui/term.c) or its bare name
# (term.c) appears there as a whole word: not inside a longer name
# (`screen_qr.c` does not name `qr.c`). A generated or build-only file is
# not under src/ and is not asked for.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED ROOT)
  message(FATAL_ERROR "doc_paths.cmake needs -DROOT=<repository>")
endif()

set(prefix_regex "^(src/|include/|tests/|docs/|rules/|scripts/|\\.ci/|CMakeLists\\.txt|CMakePresets\\.json|README\\.md|LICENSE)")
set(failures "")
set(checked 0)

# --- every backquoted path of docs/*.md exists ------------------------------------
file(GLOB docs "${ROOT}/docs/*.md")
if(NOT docs)
  message(FATAL_ERROR "no docs/*.md under ${ROOT}")
endif()
foreach(doc IN LISTS docs)
  get_filename_component(doc_name "${doc}" NAME)
  # Lines as a list: a ";" (a list's separator) and brackets (which would
  # hold separators) are read as "," and parentheses, never in a path.
  file(READ "${doc}" text)
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "(" text "${text}")
  string(REPLACE "]" ")" text "${text}")
  string(REPLACE "\n" " ;" lines "${text}") # no line empty: an empty element would be skipped
  set(n 0)
  set(fenced FALSE)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(line MATCHES "^[ \t]*```")
      if(fenced)
        set(fenced FALSE)
      else()
        set(fenced TRUE)
      endif()
      continue()
    endif()
    if(fenced OR NOT line MATCHES "`")
      continue()
    endif()
    # The spans: text between a backquote and the next (a line's own).
    string(REGEX MATCHALL "`[^`]+`" spans "${line}")
    foreach(span IN LISTS spans)
      string(REGEX REPLACE "^`([^ `]*).*`$" "\\1" word "${span}")
      if(NOT word MATCHES "${prefix_regex}")
        continue()
      endif()
      string(REGEX REPLACE "[,.;)]+$" "" word "${word}")
      string(REGEX REPLACE ":[0-9]+(-[0-9]+)?$" "" word "${word}")
      math(EXPR checked "${checked} + 1")
      string(REGEX REPLACE "<[^>]*>" "*" pattern "${word}")
      if(pattern MATCHES "\\*")
        string(REGEX REPLACE "/$" "" glob "${pattern}")
        file(GLOB found LIST_DIRECTORIES true "${ROOT}/${glob}")
        if(NOT found)
          string(APPEND failures "\n  ${doc_name}:${n}: `${word}` matches nothing")
        endif()
      elseif(word MATCHES "/$")
        if(NOT IS_DIRECTORY "${ROOT}/${word}")
          string(APPEND failures "\n  ${doc_name}:${n}: `${word}` is no folder")
        endif()
      elseif(NOT EXISTS "${ROOT}/${word}")
        string(APPEND failures "\n  ${doc_name}:${n}: `${word}` does not exist")
      endif()
    endforeach()
  endforeach()
endforeach()

# --- every file of src/ is named in docs/architecture.md ----------------------------
file(READ "${ROOT}/docs/architecture.md" architecture)
file(GLOB_RECURSE sources RELATIVE "${ROOT}" "${ROOT}/src/*")
set(unnamed 0)
foreach(path IN LISTS sources)
  string(REGEX REPLACE "^src/" "" below_src "${path}")
  get_filename_component(name "${path}" NAME)
  set(named FALSE)
  foreach(form IN ITEMS "${path}" "${below_src}" "${name}")
    string(REGEX REPLACE "([][.+*?^$()|\\\\])" "\\\\\\1" quoted "${form}")
    if(architecture MATCHES "(^|[^A-Za-z0-9_./-])${quoted}([^A-Za-z0-9_]|$)")
      set(named TRUE)
      break()
    endif()
  endforeach()
  if(NOT named)
    string(APPEND failures "\n  ${path} is not named in docs/architecture.md")
    math(EXPR unnamed "${unnamed} + 1")
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "the docs do not match the tree:${failures}")
endif()
list(LENGTH sources count)
message(STATUS "docs: ${checked} backquoted paths exist; the ${count} files of src/ are named in docs/architecture.md")
