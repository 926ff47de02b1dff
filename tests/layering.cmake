# layering.cmake: every #include of the program against the layers of
# docs/architecture.md. The build already hides what it can (each layer's
# private folder is PRIVATE to its target, the store's header is visible to
# the session alone); this check covers what include folders cannot tell
# apart, since every public header lives under include/chesscubing/.
#
# Layers, from the bottom: core, support (the shell's small chores: a
# library opened at first use, the languages), store, session, ui and web
# (two front ends side by side), cli. A file's layer is its folder under src/ (a public
# header's: its name's prefix, the module prefix of what it declares:
# session*.h is the session's, store*.h the store's, ui*.h the ui's, web*.h
# the web server's, support*.h the support layer's, any other the core's).
# A file may include:
#   core     the core's headers
#   support  the core's and the support layer's
#   store    the core's, the support layer's and the store's
#   session  the core's, the support layer's, the store's and the session's
#   ui       the core's, the support layer's, the session's and the ui's
#   web      the core's, the support layer's, the session's and the web server's
#   cli      the core's, the support layer's, the session's, and the ui's and
#            web server's public headers
# A private header (src/LAYER/x.h) is its own layer's alone, but for the
# store's header (src/store/store.h), the session's to see. <curses.h> is
# the ui's alone, <sqlite3.h> the store's alone.
#
# -DSRC_DIR=... -DINCLUDE_DIR=...: the tree to check (the catches test
# passes a made-up one).
cmake_minimum_required(VERSION 3.25)

set(allowed_core core)
set(allowed_support core support)
set(allowed_store core support store)
set(allowed_session core support store_private session)
set(allowed_ui core support session ui)
set(allowed_web core support session web)
set(allowed_cli core support session ui web)
# Where a layer's quoted includes are looked for besides the includer's own
# folder and include/: the store's header is in src/store, given to the
# session alone (CMakeLists.txt links the store PRIVATE).
set(search_session "${SRC_DIR}/store")

# The layer of a public header, by its name.
function(public_layer name out)
  if(name MATCHES "^session")
    set(${out} session PARENT_SCOPE)
  elseif(name MATCHES "^store")
    set(${out} store PARENT_SCOPE)
  elseif(name MATCHES "^ui")
    set(${out} ui PARENT_SCOPE)
  elseif(name MATCHES "^web")
    set(${out} web PARENT_SCOPE)
  elseif(name MATCHES "^support")
    set(${out} support PARENT_SCOPE)
  else()
    set(${out} core PARENT_SCOPE)
  endif()
endfunction()

# The layer of a source file or private header under src/, "" outside it.
function(source_layer path out)
  file(RELATIVE_PATH rel "${SRC_DIR}" "${path}")
  if(rel MATCHES "^(core|support|store|session|ui|web|cli)/")
    set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

file(GLOB_RECURSE files "${SRC_DIR}/*.c" "${SRC_DIR}/*.h" "${INCLUDE_DIR}/chesscubing/*.h")
set(failures "")
set(checked 0)
foreach(f IN LISTS files)
  get_filename_component(dir "${f}" DIRECTORY)
  get_filename_component(fname "${f}" NAME)
  if(dir STREQUAL "${INCLUDE_DIR}/chesscubing")
    public_layer("${fname}" layer)
  else()
    source_layer("${f}" layer)
  endif()
  if(layer STREQUAL "")
    continue()
  endif()
  file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    math(EXPR checked "${checked} + 1")
    if(line MATCHES "<(n?curses[a-z]*\\.h|ncursesw/[a-z]+\\.h)>" AND NOT layer STREQUAL "ui")
      list(APPEND failures "${f}: includes <${CMAKE_MATCH_1}> (the ui's alone)")
    elseif(line MATCHES "<sqlite3\\.h>" AND NOT layer STREQUAL "store")
      list(APPEND failures "${f}: includes <sqlite3.h> (the store's alone)")
    endif()
    if(NOT line MATCHES "\"([^\"]+)\"")
      continue()
    endif()
    set(inc "${CMAKE_MATCH_1}")
    # What the include names: a file beside the includer, or a public header.
    set(target "")
    foreach(root IN ITEMS "${dir}" "${INCLUDE_DIR}" ${search_${layer}})
      if(target STREQUAL "" AND EXISTS "${root}/${inc}")
        get_filename_component(target "${root}/${inc}" REALPATH)
      endif()
    endforeach()
    if(target STREQUAL "")
      list(APPEND failures "${f}: includes \"${inc}\", found neither beside it nor in the folders its layer may see")
      continue()
    endif()
    get_filename_component(tdir "${target}" DIRECTORY)
    get_filename_component(tname "${target}" NAME)
    get_filename_component(inc_root "${INCLUDE_DIR}/chesscubing" REALPATH)
    if(tdir STREQUAL inc_root)
      public_layer("${tname}" tlayer)
    else()
      source_layer("${target}" tlayer)
      if(tlayer STREQUAL "")
        list(APPEND failures "${f}: includes \"${inc}\", outside src/ and include/")
        continue()
      endif()
      # A private header is its own layer's alone (but the store's, which
      # the session sees).
      if(tlayer STREQUAL layer)
        continue()
      endif()
      set(tlayer "${tlayer}_private")
      if(NOT tlayer IN_LIST allowed_${layer})
        list(APPEND failures "${f} (${layer}): includes \"${inc}\", a private header of another layer")
        continue()
      endif()
    endif()
    if(tlayer STREQUAL layer)
      continue()
    endif()
    if(NOT tlayer IN_LIST allowed_${layer})
      list(APPEND failures "${f} (${layer}): includes \"${inc}\" of the ${tlayer} layer: the arrow points up or sideways")
    endif()
  endforeach()
endforeach()
if(failures)
  list(JOIN failures "\n  " report)
  message(FATAL_ERROR "includes that break the layers (docs/architecture.md):\n  ${report}")
endif()
list(LENGTH files n)
message(STATUS "layering: ${n} files, ${checked} includes, every arrow points down")
