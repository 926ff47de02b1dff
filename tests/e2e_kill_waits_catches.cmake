# e2e_kill_waits_catches.cmake: the kill check's own test. On made-up e2e
# folders: scripts that kill through kill_console, stop and continue a
# process, or kill and reap their own child pass; each script that kills a
# console and moves on (the flaky e2e_watch of issue 32: kill, then advance)
# makes it fail, naming the script and the line.
#
#   cmake -DCHECK=tests/e2e_kill_waits.cmake -DWORK_DIR=<scratch folder> -P e2e_kill_waits_catches.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var CHECK WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "e2e_kill_waits_catches.cmake needs -D${var}=...")
  endif()
endforeach()
# A folder of its own per run (rules_selfcheck runs this test too).
string(RANDOM LENGTH 12 run)
set(root "${WORK_DIR}/run-${run}")

set(good "#!/usr/bin/env bash
. \"$(dirname \"$0\")/lib.sh\" \"$1\"
clauses none
# a comment may say: kill -KILL the console
kill_console
kill_console KILL \"$CONSOLE_PID\" \"$CONSOLE\"
advance 200
kill -STOP \"$CONSOLE_PID\"
advance 1600
kill -CONT \"$CONSOLE_PID\"
stop_serve() { kill \"$SERVE_PID\" 2>/dev/null; wait \"$SERVE_PID\"; }
$TMUX_CMD kill-server
fail \"record before the kill: $before\"
")
# The lib.sh of the made-up folder kills as it likes: it is not read.
set(lib "kill_console() { kill \"-$1\" \"$2\"; wait_exit 137 60; }\nstop_tmux() { pkill -KILL -P 1; }\n")

# check(<case> <expect fail?> <script text> <text the failure must name>)
function(check case expect_fail text needle)
  set(dir "${root}/${case}")
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/lib.sh" "${lib}")
  file(WRITE "${dir}/good.sh" "${good}")
  if(text)
    file(WRITE "${dir}/bad.sh" "${text}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -DE2E_DIR=${dir} -P ${CHECK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect_fail AND rc EQUAL 0)
    message(FATAL_ERROR "the kill check passed ${case}:\n${text}")
  elseif(NOT expect_fail AND NOT rc EQUAL 0)
    message(FATAL_ERROR "the kill check failed scripts that wait (${case}):\n${out}")
  elseif(expect_fail AND NOT out MATCHES "${needle}")
    message(FATAL_ERROR "the kill check failed ${case} without naming ${needle}:\n${out}")
  endif()
endfunction()

check(good FALSE "" "")
# The flaky e2e_watch as it was: killed, the clock moved at once.
check(kill_then_advance TRUE "clauses none\nkill -KILL \"$CONSOLE_PID\" || fail \"console not found\"\nadvance 200\n"
      "bad.sh:2: kill -KILL")
check(default_signal TRUE "clauses none\nfind_pid\nkill \"$PID\"\nadvance 100\n" "bad.sh:3: kill \"\\$PID\"")
check(numbered_signal TRUE "clauses none\n\tkill -9 \"$PID\"; advance 100\n" "bad.sh:2: kill -9")
check(pkill TRUE "clauses none\n[ -n \"$x\" ] && pkill -P \"$shell\"\nadvance 100\n" "bad.sh:2: ")
check(in_a_loop TRUE "for p in $PIDS; do kill -TERM \"$p\"; done\nadvance 100\n" "bad.sh:1: for p")
# Waiting on the screen alone is not enough either: only kill_console waits
# until the shell reaped the console.
check(then_waits_on_screen TRUE "kill -KILL \"$PID\"\nwait_for \"No console\"\nadvance 100\n" "bad.sh:1: ")

file(REMOVE_RECURSE "${root}")
message(STATUS "kill check: 6 scripts that kill without waiting caught, the good ones passed")
