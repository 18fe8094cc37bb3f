import { RowValidator } from '../../nodes/LinkShortener/fields/validation';
import { STUB_NODE } from '../helpers/stubNode';

const check = new RowValidator(STUB_NODE, 0);
const field = { label: 'Long URL', parameter: 'longUrl' };

/** What the node must answer for a long URL: the rule of D12's checks, with WHATWG URL as the judge. */
function expected(text: string): string {
	if (!text) return 'error';
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return 'error';
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'error';
	if (!/^https?:\/\/[^/\\?#\s]/i.test(text) || !url.hostname) return 'error';
	return text;
}

function answer(text: string): string {
	try {
		return check.httpUrl(text, field);
	} catch {
		return 'error';
	}
}

/** A small seeded generator: the same strings on every run. */
function random(seed: number) {
	let state = seed;
	return (below: number) => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state % below;
	};
}

const SCHEMES = ['http://', 'https://', 'HTTP://', 'ftp://', 'http:', 'http:///', ''];
const LABEL_PIECES = [
	'example',
	'com',
	'a',
	'Z9',
	'-',
	'xn--',
	'xn--bcher-kva',
	'XN--a',
	'1',
	'255',
	'999',
	'0x1f',
	'0',
	'_',
	'ä',
	'',
	'user@',
	'[::1]',
	' ',
	'%41',
];
const PORTS = ['', '', ':80', ':', ':99999', ':0', ':65535', ':8a'];
const PATH_PIECES = [
	'/',
	'?',
	'#',
	'@',
	'%',
	'%zz',
	' ',
	'\\',
	'a',
	'&utm_source=x',
	'=',
	'\u0000',
	'ä',
	'..',
	'\t',
];

/** A URL-shaped text: a scheme, 1 to 4 host labels, maybe a port, a path of 0 to 4 pieces. */
function urlShaped(pick: (below: number) => number): string {
	const of = (list: string[]) => list[pick(list.length)];
	const labels = Array.from({ length: 1 + pick(4) }, () =>
		pick(3) ? of(LABEL_PIECES) : of(LABEL_PIECES) + of(LABEL_PIECES),
	);
	const path = Array.from({ length: pick(5) }, () => of(PATH_PIECES)).join('');
	return `${of(SCHEMES)}${labels.join('.')}${of(PORTS)}${path}`.trim();
}

describe('Long URL check', () => {
	it('answers as the URL parser does, for the common URLs it takes without parsing and for tricky ones', () => {
		for (const text of [
			'https://example.com/bench/1',
			'http://a.b-c.example:8080/path?q=1#top',
			'http://localhost',
			'http://-.com',
			'http://1.2.3.4/',
			'http://999.1.1.1/',
			'http://example.123/',
			'http://example.0x1f/',
			'http://xn--a.com/',
			'http://xn--bcher-kva.example/',
			'http://a..b/',
			'http://a.com:99999/',
			'http://a.com:/',
			'http://a_b.com/',
			'http://user@a.com/',
			'http://ä.com/',
			'http://a.com/ä %zz\u0000',
			'http:example.com',
		])
			expect([text, answer(text)]).toEqual([text, expected(text)]);
		const pick = random(20261125);
		const mismatches: string[][] = [];
		let accepted = 0;
		for (let n = 0; n < 20_000; n++) {
			const text = urlShaped(pick);
			const judged = expected(text);
			if (judged !== 'error') accepted++;
			if (answer(text) !== judged) mismatches.push([text, answer(text), judged]);
		}
		expect(mismatches).toEqual([]);
		expect(accepted).toBeGreaterThan(2_000);
	});
});
