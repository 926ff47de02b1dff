# stackmat_lib.sh: the timers' signal of the console's e2e tests (sourced
# after lib.sh by e2e/stackmat.sh and e2e/stackmat_watch.sh).
#
# stackmat_timers SIGNAL: writes the PCM of two timers and the ALSA
# device "timers" that reads it (ALSA's file plugin), and sets
# white_stop_ms and black_stop_ms. On the console's clock from its start
# (the test clock: it moves only when the test says, and the capture reads
# the file plugin at its pace): Black's cable is out from 1 s to 9 s;
# White's timer runs from about 10 s (23.45 s), Black's from about 10.5 s
# (1:02.30). The cube phase begins at 4.8 s (twelve moves 0.4 s apart).
stackmat_timers() {
	eval "$("$1" "$XDG_DATA_HOME/timers.raw" --raw --length 80000 --white 10000:23450 --black 10500:62300 \
		--cut-black 1000:9000)"
	cat >"$XDG_DATA_HOME/asoundrc" <<CONF
pcm.timers { type file; slave.pcm "null"; file "/dev/null"; infile "$XDG_DATA_HOME/timers.raw"; format "raw" }
CONF
	export ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$XDG_DATA_HOME/asoundrc
}
