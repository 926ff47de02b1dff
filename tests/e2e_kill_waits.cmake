# e2e_kill_waits.cmake: no e2e script kills a program and moves on without
# waiting until it is gone, the race that made e2e_watch flaky (issue 32:
# the console killed, the test clock advanced once at once, the kernel
# dropping the dead console's lock just after; the watcher's next check
# then fell due at a test time the script never reached).
#
#   cmake -DE2E_DIR=tests/e2e -P e2e_kill_waits.cmake
#
# The rule, line by line over E2E_DIR/*.sh but lib.sh (which defines the
# helper, kill_console, and its end-of-test stop_tmux): a line that runs
# `kill` or `pkill` (as a command: at the start of the line or after ; & |
# ( { `then` `do` `||` `&&`; not tmux's kill-server, not a comment line)
# with a signal that ends the process (any but STOP, CONT and 0: a stopped
# process keeps its lock, so the test may go on) must reap the process on
# the same line (`wait`, for the script's own child such as `serve` run
# with &); anything else is refused, to go through kill_console, which
# waits until the killed console's shell has reaped it and so its lock is
# gone before the script can advance the clock. Refusing every bare kill
# is stricter than refusing "advance right after a kill" (a kill followed
# by keys, a wait on the screen, then an advance raced the same way) and
# needs no reading of what follows. Fails naming file:line.
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED E2E_DIR)
  message(FATAL_ERROR "e2e_kill_waits.cmake needs -DE2E_DIR=...")
endif()
file(GLOB scripts "${E2E_DIR}/*.sh")
if(NOT scripts)
  message(FATAL_ERROR "no e2e script in ${E2E_DIR}")
endif()

set(command_start "(^|[;&|({]|[;&|({ ]then|[;&|({ ]do|^then|^do)[ \t]*")
set(failures "")
set(kills 0)
foreach(f IN LISTS scripts)
  get_filename_component(name "${f}" NAME)
  if(name STREQUAL "lib.sh")
    continue()
  endif()
  file(STRINGS "${f}" lines)
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(line MATCHES "^[ \t]*#")
      continue()
    endif()
    if(NOT line MATCHES "${command_start}p?kill([ \t]|$)")
      continue()
    endif()
    math(EXPR kills "${kills} + 1")
    # A signal that leaves the process alive, holding what it holds.
    if(line MATCHES "kill[ \t]+(-s[ \t]+)?-?(SIG)?(STOP|CONT|0)([ \t]|$)")
      continue()
    endif()
    # The script's own child, reaped on the spot.
    if(line MATCHES "[;&|{ \t]wait[ \t]")
      continue()
    endif()
    string(STRIP "${line}" shown)
    string(APPEND failures "\n  ${name}:${n}: ${shown}")
  endforeach()
endforeach()

if(failures)
  message(FATAL_ERROR "a program killed without waiting until it is gone: use kill_console "
                      "(tests/e2e/lib.sh), which waits until its shell has reaped it and its lock "
                      "on the record is gone, before the test clock moves:${failures}")
endif()
list(LENGTH scripts count)
message(STATUS "e2e kills: ${count} scripts, ${kills} kill line(s) outside lib.sh, each one waits")
