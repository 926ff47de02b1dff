# rules_selfcheck.cmake: fails when a clause of rules/ is declared by no
# test that runs, or when a test declares a clause that rules/ does not
# define.
#
#   cmake -DRULES_DIR=rules -DBUILD_DIR=build/default -DCTEST=ctest -P rules_selfcheck.cmake
#
# A clause is defined in rules/*.md as a bold ID at the start of a line or
# of a list item ("**TW-3.2** ...", "**RU-4 Title.** ...", "- **CH-1.1 Title.** ...").
# IDs look like CO-2.1, TW-6.4, TI-3.3, RU-12, UNO-4.5, UNO-R3 (two or three
# capitals, a dash, an optional capital, numbers).
#
# Comments do not count, and neither does any text under tests/: a clause is
# declared only by a test that runs and says so. The check asks ctest for
# the tests registered in BUILD_DIR (ctest --show-only=json-v1: what a run
# would run) and runs each one, but those named rules_selfcheck*, once with
# CC_CLAUSES=list in the environment. A test declares its clauses by
# printing lines
#
#   CLAUSES: <where> <ID or "none">...
#
# (a Check test through CLAUSES() of tests/clauses.h, which prints only from
# a test that a TCase runs; test_scenarios for each scenario's "# clauses:"
# header; an e2e script through lib.sh's `clauses`) and, in list mode, stops
# right after declaring. A test that prints no such line declares nothing
# (cli_perft runs as usual: it is quick). A test that fails in list mode
# fails the check. A test that exits with its SKIP_RETURN_CODE (e2e tests
# without tmux) declares nothing; when clauses then lack a test, the check
# prints "rules self-check skipped" (ctest reports it skipped) unless CI is
# "true", where it fails.
cmake_minimum_required(VERSION 3.25)
foreach(var RULES_DIR BUILD_DIR CTEST)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "rules_selfcheck.cmake needs -D${var}=...")
  endif()
endforeach()
set(id_regex "[A-Z][A-Z][A-Z]?-[A-Z]?[0-9]+(\\.[0-9]+)*")

# --- the clauses rules/ defines ----------------------------------------------
file(GLOB rule_files "${RULES_DIR}/*.md")
set(defined "")
foreach(f IN LISTS rule_files)
  file(STRINGS "${f}" lines REGEX "^(- )?\\*\\*${id_regex}[* ]")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "${id_regex}" id "${line}")
    list(APPEND defined "${id}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES defined)
list(LENGTH defined defined_count)
if(defined_count EQUAL 0)
  message(FATAL_ERROR "no clause found in ${RULES_DIR}")
endif()

# --- the tests a run would run -------------------------------------------------
execute_process(COMMAND "${CTEST}" --show-only=json-v1
  WORKING_DIRECTORY "${BUILD_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest --show-only in ${BUILD_DIR} failed: ${err}")
endif()
string(JSON test_count LENGTH "${json}" tests)

set(failures "")
set(skipped "")
set(asked 0)
set(declarations 0)
set(declared "")       # every ID declared by a test that ran
if(test_count EQUAL 0)
  message(FATAL_ERROR "ctest lists no test in ${BUILD_DIR}")
endif()
math(EXPR last "${test_count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${json}" tests ${i} name)
  if(name MATCHES "^rules_selfcheck")
    continue()
  endif()
  # The command, and the properties that change how it runs.
  string(JSON argc LENGTH "${json}" tests ${i} command)
  set(command "")
  math(EXPR argc_last "${argc} - 1")
  foreach(a RANGE ${argc_last})
    string(JSON arg GET "${json}" tests ${i} command ${a})
    list(APPEND command "${arg}")
  endforeach()
  set(workdir "${BUILD_DIR}")
  set(environment "")
  set(skip_code "")
  set(disabled OFF)
  string(JSON propc ERROR_VARIABLE no_props LENGTH "${json}" tests ${i} properties)
  if(no_props)
    set(propc 0)
  endif()
  if(propc GREATER 0)
    math(EXPR prop_last "${propc} - 1")
    foreach(p RANGE ${prop_last})
      string(JSON pname GET "${json}" tests ${i} properties ${p} name)
      if(pname STREQUAL "WORKING_DIRECTORY")
        string(JSON workdir GET "${json}" tests ${i} properties ${p} value)
      elseif(pname STREQUAL "SKIP_RETURN_CODE")
        string(JSON skip_code GET "${json}" tests ${i} properties ${p} value)
      elseif(pname STREQUAL "DISABLED")
        string(JSON disabled GET "${json}" tests ${i} properties ${p} value)
      elseif(pname STREQUAL "ENVIRONMENT")
        string(JSON envc LENGTH "${json}" tests ${i} properties ${p} value)
        math(EXPR env_last "${envc} - 1")
        foreach(e RANGE ${env_last})
          string(JSON assignment GET "${json}" tests ${i} properties ${p} value ${e})
          list(APPEND environment "${assignment}")
        endforeach()
      endif()
    endforeach()
  endif()
  if(disabled)
    continue()   # ctest does not run it: it declares nothing
  endif()

  math(EXPR asked "${asked} + 1")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env ${environment} CC_CLAUSES=list ${command}
    WORKING_DIRECTORY "${workdir}" TIMEOUT 300
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT skip_code STREQUAL "" AND rc STREQUAL skip_code)
    list(APPEND skipped "${name}")
    continue()
  endif()
  if(NOT rc EQUAL 0)
    string(LENGTH "${out}" out_len)
    if(out_len GREATER 2000)
      math(EXPR from "${out_len} - 2000")
      string(SUBSTRING "${out}" ${from} 2000 out)
    endif()
    list(APPEND failures "test ${name} failed when asked for its clauses (CC_CLAUSES=list, exit ${rc}):\n${out}")
    continue()
  endif()

  # Its declarations: "CLAUSES: <where> ID ID ...".
  string(REGEX MATCHALL "(^|\n)CLAUSES: [^\n]*" lines "${out}")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^\n?CLAUSES: +" "" line "${line}")
    string(REGEX REPLACE " +" ";" words "${line}")
    list(POP_FRONT words where)
    math(EXPR declarations "${declarations} + 1")
    if(NOT words)
      list(APPEND failures "${name} (${where}) declares no clause: write \"none\" if it checks none")
    endif()
    foreach(word IN LISTS words)
      if(word STREQUAL "none")
        continue()
      elseif(NOT word MATCHES "^${id_regex}$")
        list(APPEND failures "${name} (${where}) declares '${word}', which is not a clause ID")
      elseif(NOT word IN_LIST defined)
        list(APPEND failures "${name} (${where}) declares ${word}, which rules/ does not define")
      else()
        list(APPEND declared "${word}")
      endif()
    endforeach()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES declared)

# --- every clause declared by a test that runs ---------------------------------
set(lacking "")
foreach(id IN LISTS defined)
  if(NOT id IN_LIST declared)
    list(APPEND lacking "${id}")
    list(APPEND failures "clause ${id} has no test: no test that runs declares it (a comment does not count)")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n  " report)
  if(skipped)
    list(JOIN skipped ", " skipped_text)
    set(report "${report}\n  (skipped here, so their clauses are unknown: ${skipped_text})")
    if(lacking AND NOT "$ENV{CI}" STREQUAL "true")
      list(LENGTH failures failure_count)
      list(LENGTH lacking lacking_count)
      if(failure_count EQUAL lacking_count)
        message(STATUS "rules self-check skipped: some tests were skipped, and\n  ${report}")
        return()
      endif()
    endif()
  endif()
  message(FATAL_ERROR "rules self-check failed:\n  ${report}")
endif()
message(STATUS "rules self-check: ${defined_count} clauses, each declared by a test that runs "
               "(${asked} tests asked, ${declarations} declarations)")
