# tlib.awk - time and formatting helpers for the log generators (POSIX awk).
# Times are UTC seconds since the epoch; fractions come from a fixed LCG so
# that the generated logs are reproducible with any awk.
function dfc(y, m, d,   era, yoe, doy, doe) {
	y -= (m <= 2); era = int((y >= 0 ? y : y - 399) / 400); yoe = y - era * 400
	doy = int((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
	doe = yoe * 365 + int(yoe / 4) - int(yoe / 100) + doy
	return era * 146097 + doe - 719468
}
# "2026-01-06T09:52:01" (optionally with Z) -> epoch seconds
function ep(s) {
	return dfc(substr(s,1,4)+0, substr(s,6,2)+0, substr(s,9,2)+0) * 86400 + substr(s,12,2) * 3600 + substr(s,15,2) * 60 + substr(s,18,2)
}
function civ(e,   z, era, doe, yoe, doy, mp, d, m, y, sod) {
	sod = e % 86400; z = (e - sod) / 86400 + 719468
	era = int((z >= 0 ? z : z - 146096) / 146097); doe = z - era * 146097
	yoe = int((doe - int(doe / 1460) + int(doe / 36524) - int(doe / 146096)) / 365)
	y = yoe + era * 400; doy = doe - (365 * yoe + int(yoe / 4) - int(yoe / 100))
	mp = int((5 * doy + 2) / 153); d = doy - int((153 * mp + 2) / 5) + 1
	m = mp + (mp < 10 ? 3 : -9); y += (m <= 2)
	CY = y; CM = m; CD = d; Ch = int(sod / 3600); Cm = int((sod % 3600) / 60); Cs = sod % 60
}
function rfc(e) { civ(e); return sprintf("%04d-%02d-%02dT%02d:%02d:%02d", CY, CM, CD, Ch, Cm, Cs) }
function kd(e) { civ(e); return sprintf("%02d%02d %02d:%02d:%02d", CM, CD, Ch, Cm, Cs) }
function jd(e,   mn) { civ(e); mn = substr("JanFebMarAprMayJunJulAugSepOctNovDec", CM * 3 - 2, 3); return sprintf("%s %02d %02d:%02d:%02d", mn, CD, Ch, Cm, Cs) }
function hms(e) { civ(e); return sprintf("%02d:%02d:%02d", Ch, Cm, Cs) }
# Park-Miller LCG, exact in IEEE doubles
function rnd() { if (!RS0) RS0 = 20260106; RS0 = (RS0 * 16807) % 2147483647; return RS0 / 2147483647 }
function ri(a, b) { return a + int(rnd() * (b - a + 1)) }
# fractions grow within one second so every generated log stays ordered
function us(   u) { if (UE == UL) { u = UU + ri(40, 2400); if (u > 998500) u = 998500 } else u = ri(0, 400000); UL = UE; UU = u; return sprintf("%06d", u) }
function ns9(u) { return sprintf("%s%03d", u, ri(0, 999)) }
# klog line as written by a container: CRI timestamp + klog header
# pod(e, "I", pid, "file.go:12", msg)
function pod(e, lvl, pid, src, msg,   u, u2) {
	UE = e; u = us(); u2 = sprintf("%06d", (u + ri(3, 300)) % 1000000); UU = u2 + 0
	return sprintf("%s.%s%03dZ %s%s.%s %7d %s] %s", rfc(e), u2, ri(0, 999), lvl, kd(e), u, pid, src, msg)
}
# raw line written by a container (no klog header)
function praw(e, msg) { UE = e; return sprintf("%s.%s%03dZ %s", rfc(e), us(), ri(0, 999), msg) }
# journal short-precise line with a klog payload (kubelet, crio ...)
function jk(e, host, ident, pid, lvl, src, msg,   u, u2) {
	UE = e; u = us(); u2 = sprintf("%06d", (u + ri(2, 90)) % 1000000); UU = u2 + 0
	return sprintf("%s.%s %s %s[%d]: %s%s.%s %7d %s] %s", jd(e), u2, host, ident, pid, lvl, kd(e), u, pid, src, msg)
}
# journal short-precise line, free text
function jp(e, host, ident, pid, msg) { UE = e; return sprintf("%s.%s %s %s[%d]: %s", jd(e), us(), host, ident, pid, msg) }
function jsys(e, host, msg) { UE = e; return sprintf("%s.%s %s systemd[1]: %s", jd(e), us(), host, msg) }
