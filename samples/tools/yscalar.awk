# yscalar.awk - emit one YAML mapping value the way `oc` (sigs.k8s.io/yaml ->
# go-yaml v2) prints it: plain, single-quoted or double-quoted with folding at
# column 80, or a literal block (|-) for multi-line strings.
# usage: V="value" awk -v prefix='    message: ' -v ind=6 -f yscalar.awk
function spaces(n,  s) { s = ""; while (n-- > 0) s = s " "; return s }
function special(v) {
	if (v ~ /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$/) return 1
	if (v ~ /^[-+]?[0-9]+$/) return 1
	if (v ~ /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/) return 1
	if (v ~ /^0x[0-9a-fA-F]+$/ || v ~ /^0o[0-7]+$/ || v ~ /^0b[01]+$/) return 1
	if (v ~ /^[-+]?\.(inf|Inf|INF)$/ || v ~ /^\.(nan|NaN|NAN)$/) return 1
	if (v ~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?$/) return 1
	if (v ~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?[Tt ][0-9][0-9]?:[0-9][0-9]?:[0-9][0-9]?/) return 1
	return 0
}
function plain_ok(v,   c) {
	if (v ~ /^(---|\.\.\.)/) return 0
	c = substr(v, 1, 1)
	if (index("#,[]{}&*!|>'\"%@`", c) > 0) return 0
	if (v ~ /^[-?:]( |$)/) return 0
	if (v ~ /: / || v ~ /:$/ || v ~ / #/) return 0
	if (v ~ /^ / || v ~ / $/) return 0
	if (v ~ /\t/) return 0
	return 1
}
function emit_folded(pre, v, ind, sq,   n, i, c, col, out, sp, nxt) {
	out = pre; col = length(pre); n = length(v); sp = 0
	for (i = 1; i <= n; i++) {
		c = substr(v, i, 1)
		if (c == " ") {
			nxt = substr(v, i + 1, 1)
			if (!sp && col > 80 && nxt != " " && (!sq || (i != 1 && i != n))) {
				print out; out = spaces(ind); col = ind
			} else { out = out " "; col++ }
			sp = 1
		} else {
			if (sq && c == "'") { out = out "''"; col += 2 } else { out = out c; col++ }
			sp = 0
		}
	}
	if (sq) out = out "'"
	print out
}
BEGIN {
	v = ENVIRON["V"]
	if (v == "") { print prefix "\"\""; exit }
	if (index(v, "\n") > 0) {
		ind_s = spaces(ind)
		tail = "-"
		if (v ~ /\n$/) { tail = ""; sub(/\n$/, "", v); if (v ~ /\n$/) tail = "+" }
		print prefix "|" tail
		n = split(v, L, "\n")
		for (i = 1; i <= n; i++) { if (L[i] == "") print ""; else print ind_s L[i] }
		exit
	}
	if (special(v)) { gsub(/\\/, "\\\\", v); gsub(/"/, "\\\"", v); print prefix "\"" v "\""; exit }
	if (plain_ok(v)) emit_folded(prefix, v, ind, 0)
	else emit_folded(prefix "'", v, ind, 1)
}
