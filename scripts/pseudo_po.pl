#!/usr/bin/perl
# pseudo_po.pl: the tests' pseudo-language (qps) from a catalogue's messages.
#
#   perl scripts/pseudo_po.pl src/po/fr.po build/qps.po   (standard output without the second)
#
# Every message of the input (its msgid, the translation is dropped) is
# said back in accented look-alike letters, wrapped in brackets and
# lengthened by about 35 %: "Block time" -> "[ƁļöçķŦîɱé ··]". A text the
# program shows that is not wrapped was never marked for translation or
# never put in the catalogue; one that is cut lost its "]". Kept intact:
# every printf conversion (%s, %d, %1$s, %-10s, %%...), every escape (\n,
# \", \\), the leading and trailing blanks and line ends; a message whose
# translators' comment ("#.") says "only" (a restricted alphabet: the
# piece letters, the big letters) is kept as it is, as is the header
# (whose Language becomes qps).
use strict;
use warnings;
use utf8;
if (@ARGV > 1) {
	open STDOUT, '>', $ARGV[1] or die "pseudo_po.pl: cannot write $ARGV[1]: $!\n";
}
binmode STDOUT, ':encoding(UTF-8)';

my %look = (
	A => 'Å', B => 'Ɓ', C => 'Ç', D => 'Ð', E => 'É', F => 'Ƒ', G => 'Ĝ', H => 'Ĥ', I => 'Î',
	J => 'Ĵ', K => 'Ķ', L => 'Ļ', M => 'Ṁ', N => 'Ñ', O => 'Ö', P => 'Ƥ', Q => 'Ǫ', R => 'Ŕ',
	S => 'Š', T => 'Ŧ', U => 'Û', V => 'Ṽ', W => 'Ŵ', X => 'Ẋ', Y => 'Ý', Z => 'Ž',
	a => 'â', b => 'ƀ', c => 'ç', d => 'ð', e => 'é', f => 'ƒ', g => 'ĝ', h => 'ĥ', i => 'î',
	j => 'ĵ', k => 'ķ', l => 'ļ', m => 'ɱ', n => 'ñ', o => 'ö', p => 'ƥ', q => 'ʠ', r => 'ŕ',
	s => 'š', t => 'ŧ', u => 'û', v => 'ṽ', w => 'ŵ', x => 'ẋ', y => 'ý', z => 'ž',
);
my $conversion = qr/%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|j|z|t|L)?[diouxXeEfFgGcspn%]/;
my $escape = qr/\\(?:[0-7]{1,3}|x[0-9a-fA-F]+|.)/;
my $blank = qr/(?:\\[nt]|[ \t])/;

# One message (as written in the .po: escaped) in the pseudo-language.
sub pseudo {
	my ($s) = @_;
	my ($lead, $core, $trail) = $s =~ /^((?:$blank)*)(.*?)((?:$blank)*)$/s;
	return $s if $core eq '';
	my ($out, $width) = ('', 0);
	while ($core =~ /\G($conversion|$escape|.)/gcs) {
		my $t = $1;
		if (length $t == 1 && exists $look{$t}) {
			$out .= $look{$t};
		} else {
			$out .= $t;
		}
		$width++;
	}
	my $more = int($width * 0.35 + 0.999) - 2;
	$out .= ' ' . ('·' x ($more - 1)) if $more >= 2;
	return "$lead\[$out\]$trail";
}

# The text of a keyword's strings ("a" "b" -> ab, still escaped).
sub joined {
	my ($lines) = @_;
	return join '', map { /^[^"]*"(.*)"\s*$/ ? $1 : '' } @$lines;
}

open my $in, '<:encoding(UTF-8)', $ARGV[0] or die "pseudo_po.pl: cannot open $ARGV[0]: $!\n";
my @entries;
my $entry = {comments => [], keys => []};
while (my $line = <$in>) {
	chomp $line;
	if ($line =~ /^\s*$/) {
		push @entries, $entry if @{$entry->{keys}};
		$entry = {comments => [], keys => []};
	} elsif ($line =~ /^#/) {
		if (@{$entry->{keys}}) { # a comment starts the next entry
			push @entries, $entry;
			$entry = {comments => [], keys => []};
		}
		push @{$entry->{comments}}, $line;
	} elsif ($line =~ /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s/) {
		if ($1 eq 'msgid' && grep { $_->[0] =~ /^msgstr/ } @{$entry->{keys}}) {
			push @entries, $entry;
			$entry = {comments => [], keys => []};
		}
		push @{$entry->{keys}}, [$1, [$line]];
	} elsif ($line =~ /^"/ && @{$entry->{keys}}) {
		push @{$entry->{keys}[-1][1]}, $line;
	}
}
push @entries, $entry if @{$entry->{keys}};
close $in;

for my $e (@entries) {
	my %text;
	$text{$_->[0]} = joined($_->[1]) for @{$e->{keys}};
	next unless exists $text{msgid};
	my $keep = grep { /^#\..*\bonly\b/ } @{$e->{comments}};
	print "$_\n" for grep { !/^#,.*fuzzy/ } @{$e->{comments}};
	print "msgctxt \"$text{msgctxt}\"\n" if exists $text{msgctxt};
	print "msgid \"$text{msgid}\"\n";
	if ($text{msgid} eq '') {
		(my $header = $text{msgstr} // '') =~ s/Language: [^\\]*/Language: qps/;
		$header .= 'Plural-Forms: nplurals=2; plural=(n != 1);\n' unless $header =~ /Plural-Forms/;
		print "msgstr \"$header\"\n\n";
		next;
	}
	if (exists $text{msgid_plural}) {
		print "msgid_plural \"$text{msgid_plural}\"\n";
		print "msgstr[0] \"", ($keep ? $text{msgid} : pseudo($text{msgid})), "\"\n";
		print "msgstr[1] \"", ($keep ? $text{msgid_plural} : pseudo($text{msgid_plural})), "\"\n\n";
	} else {
		print "msgstr \"", ($keep ? $text{msgid} : pseudo($text{msgid})), "\"\n\n";
	}
}
