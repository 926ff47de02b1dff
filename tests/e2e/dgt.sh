#!/usr/bin/env bash
# Issue 21, RU-37: a correction the DGT way. In a running Twice block, `c`
# then the arrows: Black's move clock chosen, changed digit by digit (a
# tenth taken off carries down, a digit typed, a value the core refuses
# said in words with the digits kept), the reason typed: the record holds
# the very correction the typed form makes, the log says it, and no clock
# moved while the form was open (RU-31). The same in Time for Black's chess
# clock, and in a chess game. French at 60x22 and English at 80x24, every
# phrase of the form whole in its box. RU-41: the running screen shows
# whole seconds, the form and the record the tenths.
. "$(dirname "$0")/lib.sh" "$1"
clauses RU-37 RU-31 RU-25 RU-41
export TZ=UTC # the log's times of day are the test clock's, read in UTC

record() { "$BIN" export --db "$DB" --format scenario 1 | grep -v '^#'; }
t() { if [ "$LNG" = en ]; then printf '%s' "$1"; else printf '%s' "$2"; fi; }

# box_clean: every row through a box holds nothing outside its borders.
box_clean() {
	local bad
	bad=$(screen | grep -E '[│┌└]' | grep -vE '^ *[│┌└].*[│┐┘] *$')
	[ -z "$bad" ] || fail "letters beside a box's borders: $bad"
}

# take NAME SCENARIO W H: the console on match 1 recorded by SCENARIO, in
# the run's language, the block running again (a resume comes back paused).
take() {
	DB=$XDG_DATA_HOME/$1-$LNG.db
	printf '%b' "$2" >"$XDG_DATA_HOME/$1.scn"
	"$BIN" script --db "$DB" "$XDG_DATA_HOME/$1.scn" >/dev/null || fail "script $1"
	start "$3" "$4" "$BIN" resume --db "$DB" 1 --lang "$LNG"
	wait_flat "$(t "PAUSED" "PAUSE")"
	keys p
	wait_flat "$(t "TO MOVE" "AU TRAIT")"
}

twice() {
	LNG=$1
	take twice 'settings format=twice category=fast white=Alice black=Bob\n0 start\n1000 move w\n2000 move b\n3000 move w\n' "$2" "$3"
	advance 2000 # Black thinks 2 s: block 2:55.0, his move clock 18.0
	# RU-41: the running clocks in whole seconds; the form below shows their tenths.
	wait_re "$(t "Block time 2:55 +Move clock 18( |$)" "Temps du bloc 2:55 +Pendule du coup 18( |$)")"
	OPENED=$(date -u -d "@$(($(clock_now) / 1000))" +%H:%M:%S) # the log's time of the dialog's opening
	keys c
	wait_dialog "$(t "Enter: accept arrows or Tab: set a clock digit by digit Esc: cancel" \
		"Entrée : valider flèches ou Tab : régler une pendule chiffre par chiffre Échap : annuler")"
	box_clean
	# An arrow opens the form on the first clock; the next arrow chooses Black's move clock.
	keys Right
	wait_dialog "$(t "Set a clock the DGT way (RU-37): choose it, then change it digit by digit." \
		"Régler une pendule à la DGT (RU-37) : la choisir, puis la changer chiffre par chiffre.")"
	wait_dialog "$(t "▶ Block time 2:55.0 ◀" "▶ Temps du bloc 2:55.0 ◀")"
	wait_dialog "$(t "Left/Right or Tab: choose the clock Up/Down or Enter: set its digits Esc: cancel" \
		"Gauche/Droite ou Tab : choisir la pendule Haut/Bas ou Entrée : régler ses chiffres Échap : annuler")"
	box_clean
	keys Right
	wait_dialog "$(t "▶ Move clock, Black (Bob) 18.0 ◀" "▶ Pendule du coup, Noirs (Bob) 18.0 ◀")"
	dialog | grep -qF "$(t "Block time 2:55.0" "Temps du bloc 2:55.0")" || fail "the block time left the form: $(dialog)"
	dialog | grep -qF "▶ $(t "Block time" "Temps du bloc")" && fail "two clocks chosen: $(dialog)"
	# The form open 40 s: nothing runs.
	advance 40000
	sleep 0.3
	wait_dialog "$(t "Move clock, Black (Bob) 18.0" "Pendule du coup, Noirs (Bob) 18.0")"
	wait_dialog "$(t "Block time 2:55.0" "Temps du bloc 2:55.0")"
	absent "$(t "ran out" "écoulé")"
	# Digit by digit: the cursor on the seconds; Down 17.0; Right, the
	# tenths; Down carries: 16.9; 5 typed: 16.5.
	keys Down
	wait_dialog "18.0 -> 17.0 ◀"
	wait_dialog "$(t "Left/Right: digit Up/Down: change it 0-9: type it Tab: another clock Enter: the reason Esc: cancel" \
		"Gauche/Droite : chiffre Haut/Bas : le changer 0-9 : le taper Tab : autre pendule Entrée : le motif Échap : annuler")"
	box_clean
	keys Right Down
	wait_dialog "18.0 -> 16.9 ◀"
	keys 5
	wait_dialog "18.0 -> 16.5 ◀"
	# The tens up: 26.5, which the core refuses, said in words; the digits stay.
	keys Left Left Up
	wait_dialog "18.0 -> 26.5 ◀"
	keys Enter
	wait_dialog "$(t "the move clock's time left would be 0:26.5, outside 0:00.0 to 0:20.0" \
		"Refusé : le temps restant de la pendule de coup serait 0:26,5, hors de 0:00,0 à 0:20,0.")"
	box_clean
	keys Down
	wait_dialog "18.0 -> 16.5 ◀"
	keys Enter
	wait_dialog "$(t "Move clock, Black (Bob) set to 16.5. The reason (one line):" \
		"Pendule du coup, Noirs (Bob), nouvelle valeur 16.5. Le motif (une ligne) :")"
	box_clean
	# No reason: refused as typed, the line kept.
	keys Enter
	wait_dialog "$(t "a correction needs a reason" "motif")"
	advance 5000
	CLOSED=$(date -u -d "@$(($(clock_now) / 1000))" +%H:%M:%S)
	keys "$(t slipped glissé)" Enter
	wait_flat "$(t "arbiter sets the move clock: 0:16.50 (slipped)" "l'arbitre règle l'horloge du coup : 0:16.50 ($(t slipped glissé))")"
	wait_re "$(t "Block time 2:55 +Move clock 16( |$)" "Temps du bloc 2:55 +Pendule du coup 16( |$)")" # 16.5 (RU-41)
	# The log: the hold, the correction at the dialog's opening, the release.
	keys l
	wait_flat "$(t "Event log" "Journal des événements")"
	wait_dialog "$OPENED $(t "arbiter's dialog: clocks held (RU-31)" "dialogue de l'arbitre : pendules arrêtées (RU-31)")"
	wait_dialog "$OPENED $(t "arbiter sets the move clock: 0:16.50 (slipped)" "l'arbitre règle l'horloge du coup : 0:16.50 (glissé)")"
	wait_dialog "$CLOSED $(t "dialog closed: clocks run again (RU-31)" "dialogue fermé : les pendules repartent (RU-31)")"
	keys Escape
	# The record: the hold at c, the correction stamped there, the release at Enter.
	record | grep -qx "5000 hold" || fail "no hold at the dialog's opening: $(record)"
	record | grep -qx "5000 correct move 16.500 $(t slipped glissé)" || fail "the correction: $(record)"
	record | grep -qx "50000 release" || fail "no release at the reason's Enter: $(record)"
	# The clocks run again from where they stood.
	advance 1000
	wait_re "$(t "Block time 2:54 +Move clock 15( |$)" "Temps du bloc 2:54 +Pendule du coup 15( |$)")" # 2:54.0, 15.5
	# The same correction typed makes the same event (the form adds no rule).
	keys c
	wait_dialog "$(t "Enter: accept" "Entrée : valider")"
	keys "$(t move coup) 16.5 $(t slipped glissé)" Enter
	wait_re "$(t "Move clock 16( |$)" "Pendule du coup 16( |$)")" # 16.5: the record's, below
	[ "$(record | grep ' correct ' | sed 's/^[0-9]* //' | uniq | wc -l)" = 1 ] ||
		fail "typed and DGT corrections differ: $(record | grep ' correct ')"
	[ "$(record | grep -c ' correct ')" = 2 ] || fail "two corrections expected: $(record)"
	# Escape cancels the form: nothing recorded, the clocks run again.
	keys c Tab
	wait_dialog "$(t "▶ Block time" "▶ Temps du bloc")"
	# The form's digits keep the tenths the running screen rounds (RU-41).
	wait_dialog "$(t "▶ Block time 2:54.0 ◀" "▶ Temps du bloc 2:54.0 ◀")"
	wait_dialog "$(t "Move clock, Black (Bob) 16.5" "Pendule du coup, Noirs (Bob) 16.5")"
	keys Up Escape
	wait_re "$(t "Block time 2:54 +Move clock 16( |$)" "Temps du bloc 2:54 +Pendule du coup 16( |$)")"
	[ "$(record | grep -c ' correct ')" = 2 ] || fail "Escape recorded a correction: $(record)"
	[ "$(record | tail -1 | cut -d' ' -f2)" = release ] || fail "Escape did not release: $(record)"
	keys q y
	wait_exit 0
	cleanup
}

time_format() {
	LNG=$1
	take time 'settings format=time category=fast white=Alice black=Bob\n0 start\n3000 move w\n7000 move b\n' "$2" "$3"
	advance 1000 # White thinks 1 s
	keys c Right
	wait_dialog "$(t "▶ Block time 2:52.0 ◀" "▶ Temps du bloc 2:52.0 ◀")"
	keys Right Right
	wait_dialog "$(t "Clock, White (Alice) 9:56.0" "Pendule, Blancs (Alice) 9:56.0")"
	wait_dialog "$(t "▶ Clock, Black (Bob) 9:56.0 ◀" "▶ Pendule, Noirs (Bob) 9:56.0 ◀")"
	box_clean
	# 09:56.0: the seconds Up 4 times carries into the minutes: 10:00.0;
	# then the tens of seconds typed 3: 10:30.0.
	keys Up Up Up Up
	wait_dialog "9:56.0 -> 10:00.0 ◀"
	keys Left 3
	wait_dialog "9:56.0 -> 10:30.0 ◀"
	box_clean
	advance 7000
	keys Enter
	wait_dialog "$(t "Clock, Black (Bob) set to 10:30.0. The reason (one line):" \
		"Pendule, Noirs (Bob), nouvelle valeur 10:30.0. Le motif (une ligne) :")"
	keys "$(t "the clock was set wrong" "pendule mal réglée")" Enter
	wait_flat "10:30.00"
	record | grep -qx "8000 correct clock b 630.000 $(t "the clock was set wrong" "pendule mal réglée")" ||
		fail "the correction: $(record)"
	record | grep -qx "15000 release" || fail "no release: $(record)"
	keys q y
	wait_exit 0
	cleanup
}

chess_format() {
	LNG=$1
	take chess 'settings format=chess tc=90+30 white=Anne black=Ben\n0 start\n5000 move w e4\n9000 move b e5\n' "$2" "$3"
	advance 2000
	keys c Tab
	wait_dialog "$(t "▶ Clock, White (Anne) 90:23.0 ◀" "▶ Pendule, Blancs (Anne) 90:23.0 ◀")"
	keys Tab Down Down
	wait_dialog "$(t "▶ Clock, Black (Ben) 90:26.0 -> 90:24.0 ◀" "▶ Pendule, Noirs (Ben) 90:26.0 -> 90:24.0 ◀")"
	box_clean
	keys Enter
	wait_dialog "$(t "Clock, Black (Ben) set to 90:24.0. The reason (one line):" \
		"Pendule, Noirs (Ben), nouvelle valeur 90:24.0. Le motif (une ligne) :")"
	keys "$(t "increment given twice" "incrément donné deux fois")" Enter
	wait_flat "90:24.00"
	record | grep -qx "11000 correct clock b 5424.000 $(t "increment given twice" "incrément donné deux fois")" ||
		fail "the correction: $(record)"
	keys q y
	wait_exit 0
	cleanup
}

twice fr 60 22
twice en 80 24
time_format fr 60 22
chess_format en 60 22
echo "ok"
