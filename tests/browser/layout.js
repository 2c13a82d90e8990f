#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
/*
 * Load mgtriage HTML reports in headless Chromium at given viewport widths
 * and check the layout: the page has no horizontal scroll, and no badge,
 * severity, number, time or id (the report's atoms) is broken over two
 * lines or sticks out of its table cell.  Run by tests/html.test.
 *
 * usage: node layout.js --chromium PATH --widths 1400,800 [--shots DIR]
 *            FILE.html...
 * Prints one "ok DESC" or "not ok DESC" line per report and width, with
 * "# " lines of detail; exits 0 (the caller counts), 2 on a usage or
 * browser error.
 */
'use strict';

const path = require('path');
const url = require('url');
const puppeteer = require('puppeteer-core');

/* The atoms: what must never be broken inside. */
const ATOMS = '.badge, .num, .id, .ts, .sev, .rank';

function usage(msg) {
	process.stderr.write(`layout.js: ${msg}\n`);
	process.exit(2);
}

function parseArgs(argv) {
	const o = { chromium: '/usr/bin/chromium', widths: [1400, 800],
	    shots: null, files: [] };

	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--chromium' || a === '--widths' || a === '--shots') {
			if (i + 1 >= argv.length)
				usage(`${a} needs a value`);
			const v = argv[++i];
			if (a === '--chromium')
				o.chromium = v;
			else if (a === '--shots')
				o.shots = v;
			else
				o.widths = v.split(',').map(Number);
		} else
			o.files.push(a);
	}
	if (o.files.length === 0)
		usage('no report given');
	if (o.widths.some((w) => !Number.isInteger(w) || w < 200))
		usage('bad --widths');
	return o;
}

/*
 * In the page: measure.  An element's lines are counted from the boxes of
 * its text (a Range's client rects): boxes that do not overlap vertically
 * are on different lines.
 */
function measure(sel) {
	const lines = (el) => {
		const r = document.createRange();
		r.selectNodeContents(el);
		const rects = Array.from(r.getClientRects())
		    .filter((x) => x.width > 0 && x.height > 0)
		    .sort((a, b) => a.top - b.top);
		let n = 0, bottom = -Infinity;
		for (const x of rects) {
			if (x.top >= bottom - 1) {
				n++;
				bottom = x.bottom;
			} else
				bottom = Math.max(bottom, x.bottom);
		}
		return n;
	};
	const de = document.documentElement;
	const out = { scrollWidth: de.scrollWidth, clientWidth: de.clientWidth,
	    atoms: 0, broken: [], overflow: [] };
	for (const el of document.querySelectorAll(sel)) {
		const text = el.textContent.trim();
		if (text === '')
			continue;
		out.atoms++;
		const what = `${el.tagName.toLowerCase()}.` +
		    `${el.className.split(' ')[0]} "${text.slice(0, 40)}"`;
		const n = lines(el);
		if (n > 1)
			out.broken.push(`${what} on ${n} lines`);
		const cell = el.closest('td, th');
		if (cell !== null) {
			const a = el.getBoundingClientRect();
			const c = cell.getBoundingClientRect();
			if (a.right > c.right + 1 || a.left < c.left - 1)
				out.overflow.push(`${what} sticks out of its ` +
				    `cell (${Math.round(a.left)}..` +
				    `${Math.round(a.right)} in ` +
				    `${Math.round(c.left)}..${Math.round(c.right)})`);
		}
	}
	return out;
}

async function main() {
	const o = parseArgs(process.argv.slice(2));
	const browser = await puppeteer.launch({
		executablePath: o.chromium,
		headless: true,
		/* root in a container: no sandbox; no GPU, small /dev/shm. */
		args: ['--no-sandbox', '--disable-gpu',
		    '--disable-dev-shm-usage', '--hide-scrollbars'],
	});
	try {
		const page = await browser.newPage();
		for (const file of o.files) {
			const name = path.basename(file, '.html');
			for (const w of o.widths) {
				await page.setViewport({ width: w, height: 900 });
				await page.goto(url.pathToFileURL(
				    path.resolve(file)).href,
				    { waitUntil: 'load' });
				const m = await page.evaluate(measure, ATOMS);
				if (o.shots !== null)
					await page.screenshot({ path: path.join(
					    o.shots, `${name}-${w}.png`),
					    fullPage: true });
				const bad = [];
				if (m.scrollWidth > m.clientWidth)
					bad.push('horizontal scroll: ' +
					    `scrollWidth ${m.scrollWidth} > ` +
					    `clientWidth ${m.clientWidth}`);
				bad.push(...m.broken, ...m.overflow);
				const desc = `${name} at ${w} px: ${m.atoms} ` +
				    'atoms on one line inside their cells, ' +
				    'no horizontal scroll';
				if (bad.length === 0)
					console.log(`ok ${desc}`);
				else {
					console.log(`not ok ${desc}`);
					for (const b of bad.slice(0, 8))
						console.log(`# ${b}`);
					if (bad.length > 8)
						console.log(`# ... and ${
						    bad.length - 8} more`);
				}
				console.log(`# atoms ${name} ${w} ${m.atoms}`);
			}
		}
	} finally {
		await browser.close();
	}
}

main().catch((e) => {
	process.stderr.write(`layout.js: ${e && e.stack ? e.stack : e}\n`);
	process.exit(2);
});
