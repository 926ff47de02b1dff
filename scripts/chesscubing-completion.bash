# bash completion for chesscubing (ChessCubing Arbiter).
# Installed by `cmake --install` into bash-completion's completionsdir
# (share/bash-completion/completions/chesscubing); or source it by hand:
#   . scripts/chesscubing-completion.bash
#
# The commands, each command's options and verbs are read from the
# program's own --help (in English), so the completion never lags behind
# the program; the values of a few options are known here, and event and
# player names come from the record (`event list --csv`, `players list
# --csv`, through the --db already typed).

_chesscubing_help() {
	LANGUAGE= LC_ALL=C "$1" --lang en "${@:2}" --help 2>/dev/null
}

_chesscubing() {
	local cur prev prog=${COMP_WORDS[0]} cmd="" verb="" db=() i w
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	# The command (first word that is not an option or an option's value),
	# its verb, and a --db FILE to read names from.
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in
		--db) db=(--db "${COMP_WORDS[i + 1]}"); ((i++)); continue ;;
		--db=*) db=("$w"); continue ;;
		--lang | --speed | --clock-keys | --stackmat | --stackmat-white | --stackmat-black | -s | -l | -k)
			[ -z "$cmd" ] && ((i++)); continue ;;
		-*) continue ;;
		esac
		if [ -z "$cmd" ]; then cmd=$w; elif [ -z "$verb" ]; then verb=$w; fi
	done

	case $prev in
	--db | --file | --pdf | --svg) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--lang | -l) COMPREPLY=($(compgen -W "fr en" -- "$cur")); return ;;
	--game) COMPREPLY=($(compgen -W "chesscubing chess uno" -- "$cur")); return ;;
	--variant) COMPREPLY=($(compgen -W "standard checkered" -- "$cur")); return ;;
	--category) COMPREPLY=($(compgen -W "fast freeze masters" -- "$cur")); return ;;
	--result) COMPREPLY=($(compgen -W "1-0 0-1 1/2-1/2" -- "$cur")); return ;;
	--format)
		local formats
		formats=$(_chesscubing_help "$prog" $cmd | grep -oE -- '--format [a-z|-]+' | head -1 | cut -d' ' -f2 | tr '|' ' ')
		COMPREPLY=($(compgen -W "$formats" -- "$cur"))
		return
		;;
	--event)
		local IFS=$'\n'
		COMPREPLY=($(compgen -W "$("$prog" event list --csv "${db[@]}" 2>/dev/null | tail -n +2 | cut -d, -f1)" -- "$cur"))
		return
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
	local IFS=$'\n'
	case $cmd:$verb in
	event:show | event:standings | event:export | event:withdraw)
		COMPREPLY=($(compgen -W "$("$prog" event list --csv "${db[@]}" 2>/dev/null | tail -n +2 | cut -d, -f1)" -- "$cur")) ;;
	players:show | players:rename | players:edit | players:delete | players:merge | h2h:*)
		COMPREPLY=($(compgen -W "$("$prog" players list --csv "${db[@]}" 2>/dev/null | tail -n +2 | cut -d, -f1)" -- "$cur")) ;;
	import:* | script:*) COMPREPLY=($(compgen -f -- "$cur")) ;;
	# correct's MATCH: the record's matches (`list --csv`, their numbers);
	# its --json and --csv come from its --help like every option
	correct:) COMPREPLY=($(compgen -W "$("$prog" list --csv "${db[@]}" 2>/dev/null | tail -n +2 | cut -d, -f1)" -- "$cur")) ;;
	esac
}
complete -F _chesscubing chesscubing
