# bash completion for chesscubing (ChessCubing Arbiter).
# Installed by `cmake --install` into bash-completion's completionsdir
# (share/bash-completion/completions/chesscubing); or source it by hand:
#   . scripts/chesscubing-completion.bash
#
# The commands, each command's options and verbs, and the values of an
# option (`--format json|csv`, as the usage line of the command and of its
# verb lists them) are read from the program's own --help (in English), so
# the completion never lags behind the program. Match numbers, player and
# event names come from the record through the --db already typed, asked of
# the program itself (`chesscubing complete matches|unfinished|players|events`,
# one whole name a line: "Dupont, Anne" is one candidate, never cut at its
# comma or its space), and are offered quoted for the command line.

_chesscubing_help() {
	LANGUAGE= LC_ALL=C "$1" --lang en "${@:2}" --help 2>/dev/null
}

# The record's candidates of a kind (matches, unfinished, players, events).
_chesscubing_record() {
	"$prog" complete "$1" "${db[@]}" 2>/dev/null
}

# COMPREPLY: the lines of $1 that begin with the word being typed (its
# quotes and backslashes taken off), each escaped for the command line, or
# closed in the quote the word opened.
_chesscubing_reply() {
	local word=$cur quote="" line
	case $word in
	\"*) quote=\" word=${word#\"} ;;
	\'*) quote=\' word=${word#\'} ;;
	*) word=$(printf '%s' "$word" | sed 's/\\\(.\)/\1/g') ;;
	esac
	COMPREPLY=()
	while IFS= read -r line; do
		[ -n "$line" ] && [[ $line == "$word"* ]] || continue
		if [ -n "$quote" ]; then
			COMPREPLY+=("$quote$line$quote")
		else
			COMPREPLY+=("$(printf '%s' "$line" | sed 's/[][ 	"'"'"'\\$`!&;|<>(){}*?#~=:]/\\&/g')")
		fi
	done <<<"$1"
}

# The values --help lists for option $1 ("--format a|b|c"): in the usage of
# the verb being completed when the command has verbs (event export's
# formats, not create's), else in the command's whole help.
_chesscubing_values() {
	local help option=$1
	help=$(_chesscubing_help "$prog" ${cmd:+"$cmd"})
	if [[ $option != --* ]]; then # "-v, --variant": the short option's long name
		option=$(printf '%s\n' "$help" | grep -oE -- "$option, --[a-z-]+" | head -1 | sed 's/.*, //')
		[ -n "$option" ] || return
	fi
	if [ -n "$verb" ]; then
		help=$(printf '%s\n' "$help" | awk -v cmd="$cmd" -v verb="$verb" '
			$0 ~ "chesscubing " cmd " " { n = split($0, w, " "); f = 0
				for (i = 1; i <= n; i++) if (w[i] == verb) f = 1 }
			/^[^ ]/ && !/^Usage:/ { f = 0 }
			f')
	fi
	printf '%s\n' "$help" | grep -oE -- "$option[ =][a-z0-9/+.-]+(\|[a-z0-9/+.-]+)+" | head -1 |
		sed -E "s/^$option[ =]//" | tr '|' '\n'
}

# Whether option $1 takes a value (its --help shows one after it).
_chesscubing_takes_value() {
	case $1 in
	--db | --lang | --speed | --clock-keys) return 0 ;;
	-l | -s | -k) [ -z "$cmd" ] && return 0 ;; # the program's own, before a command
	--*=*) return 1 ;;
	esac
	# "--name VALUE", or "-x, --name VALUE" for a short option
	_chesscubing_help "$prog" ${cmd:+"$cmd"} |
		grep -qE -- "(^|[^a-z-])$1(, --[a-z-]+)?[ =]([A-Z]|[a-z0-9/+.-]+\|)"
}

_chesscubing() {
	local cur prev prog=${COMP_WORDS[0]} cmd="" verb="" db=() args=() i w
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	# "--format=pg": bash breaks the word at '=' (COMP_WORDBREAKS)
	if [ "$cur" = "=" ]; then
		cur=""
	elif [ "$prev" = "=" ] && ((COMP_CWORD >= 2)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	# The command, its verb, its other arguments so far, and a --db FILE to
	# read the record from; an option's value is none of them.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		[ "${COMP_WORDS[i + 1]:-}" = "=" ] && [[ $w == --* ]] && ((i++)) # --db=FILE split at '='
		case $w in
		--db) db=(--db "${COMP_WORDS[i + 1]}"); ((i++)); continue ;;
		--db=*) db=("$w"); continue ;;
		--) continue ;;
		-*) _chesscubing_takes_value "$w" && ((i++)); continue ;;
		esac
		if [ -z "$cmd" ]; then
			cmd=$w
		elif [ -z "$verb" ] && { [ "$cmd" = event ] || [ "$cmd" = players ]; }; then
			verb=$w
		else
			args+=("$w")
		fi
	done

	case $prev in
	--db | --file | --pdf | --svg | -f) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--lang | -l) COMPREPLY=($(compgen -W "fr en" -- "$cur")); return ;;
	--event) _chesscubing_reply "$(_chesscubing_record events)"; return ;;
	--player) _chesscubing_reply "$(_chesscubing_record players)"; return ;;
	--match | --resume) _chesscubing_reply "$(_chesscubing_record matches)"; return ;;
	-*)
		if [[ $cur != -* ]] && _chesscubing_takes_value "$prev"; then
			_chesscubing_reply "$(_chesscubing_values "$prev")"
			return
		fi
		;;
	esac

	if [ -z "$cmd" ]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$(_chesscubing_help "$prog" | grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$(_chesscubing_help "$prog" | awk '/^Commands:/{f=1; next} /^$/{f=0} f{print $1}')" -- "$cur"))
		fi
		return
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_chesscubing_help "$prog" "$cmd" | grep -oE -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
		return
	fi
	# A verb of event or players (the words after "[--db FILE]" in their usage).
	if [ -z "$verb" ] && { [ "$cmd" = event ] || [ "$cmd" = players ]; }; then
		COMPREPLY=($(compgen -W "$(_chesscubing_help "$prog" "$cmd" | grep -oE "chesscubing $cmd \[--db FILE\] [a-z]+" | awk '{print $NF}' | sort -u)" -- "$cur"))
		return
	fi
	# The argument being typed: the (n+1)th after the command and its verb.
	local n=${#args[@]}
	case $cmd:$verb:$n in
	show::0 | report::0 | export::0 | verify::0 | watch::0 | correct::0) _chesscubing_reply "$(_chesscubing_record matches)" ;;
	resume::0) _chesscubing_reply "$(_chesscubing_record unfinished)" ;;
	event:show:0 | event:standings:0 | event:export:0 | event:close:0 | event:delete:0 | event:cancel:0 | \
		event:forfeit:0 | event:withdraw:0 | event:bye:0 | event:enter:0)
		_chesscubing_reply "$(_chesscubing_record events)" ;;
	event:withdraw:1 | event:bye:1 | event:enter:1) _chesscubing_reply "$(_chesscubing_record players)" ;;
	players:show:0 | players:rename:0 | players:edit:0 | players:delete:0 | players:merge:[01] | h2h::[01])
		_chesscubing_reply "$(_chesscubing_record players)" ;;
	import::0 | script::0 | pair::0 | pair::1) COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -F _chesscubing chesscubing
