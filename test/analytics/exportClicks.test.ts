import { SEEDED } from '../../dev/sandbox/server';
import { exportClicks, fileOf, jsonLinesOf } from '../helpers/exportFiles';
import { parseCsv } from '../helpers/csv';
import { useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from '../link/locatorValues';

const ANALYTICS = '/v1/analytics/clicks';
const DIMENSIONS = [
	'day',
	'week',
	'month',
	'country',
	'city',
	'referrer',
	'browser',
	'os',
	'device',
	'link',
];
const PERIODS = ['day', 'week', 'month'];
const DETAILS_HEADER = 'groupBy,value,clicks,shortUrl,longUrl,title,linkFound';
const [spring, launch, docs] = SEEDED.ownLinks;
const today = () => new Date().toISOString().slice(0, 10);

/** D21: the groups of Get Clicks' request as one file, every CSV and JSON Lines rule. */
describe('Analytics > Export Clicks', () => {
	const ls = useLinkShortener();

	/** Get Clicks' groups of a dimension: [groupBy, value, clicks] in the server's order. */
	async function groupsOf(groupBy: string) {
		const { items } = await ls.run({ resource: 'analytics', operation: 'getClicks', groupBy });
		ls.sandbox.clearRequests();
		return items.map(({ json }) => [json.groupBy, json.value, json.clicks]);
	}

	it.each(DIMENSIONS)(
		'%s: one CSV row per group as Get Clicks reads it, in the server order (periods oldest first), in one item',
		async (groupBy) => {
			const groups = await groupsOf(groupBy);
			const expected = PERIODS.includes(groupBy)
				? [...groups].sort((a, b) => String(a[1]).localeCompare(String(b[1])))
				: groups;

			const { items, error } = await ls.run(exportClicks({ groupBy }));

			expect(error).toBeUndefined();
			expect(ls.sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual([
				['GET', ANALYTICS, { group_by: groupBy }],
			]);
			expect(items).toHaveLength(1);
			const { text, binary } = fileOf(items[0]);
			expect(text.charCodeAt(0)).not.toBe(0xfeff);
			expect(text.split('\r\n')[0]).toBe('groupBy,value,clicks');
			expect(text.endsWith('\r\n')).toBe(true);
			const rows = parseCsv(text).map((row) => [row.groupBy, row.value, Number(row.clicks)]);
			expect(rows).toEqual(expected);
			const fileName = `clicks-${groupBy}-${today()}.csv`;
			expect(items[0].json).toEqual({
				groups: groups.length,
				clicks: groups.reduce((sum, group) => sum + Number(group[2]), 0),
				format: 'csv',
				fileName,
				bytes: Buffer.byteLength(text),
			});
			expect(binary).toMatchObject({ mimeType: 'text/csv', fileName });
			expect(items[0].pairedItem).toEqual({ item: 0 });
		},
	);

	it('day: the sandbox answers the most clicked day first; the file has the days oldest first', async () => {
		const served = (await groupsOf('day')).map((group) => group[1]);
		const sorted = [...served].sort();
		expect(served).not.toEqual(sorted);

		const { items } = await ls.run(exportClicks({ groupBy: 'day' }));

		expect(parseCsv(fileOf(items[0]).text).map((row) => row.value)).toEqual(sorted);
	});

	it('quotes commas, quotes, CR and LF, writes null details as empty fields and defuses formulas', async () => {
		const [tricky] = ls.sandbox.addLinks(1);
		ls.sandbox.addClicks(tricky.id, 2, { referrer: '=HYPERLINK("x")' });
		ls.sandbox.links.delete(docs.id);
		const cases: Array<[string, string]> = [
			['a, b', '"a, b"'],
			['say "hi"', '"say ""hi"""'],
			['line\nbreak', '"line\nbreak"'],
			['carriage\rreturn', '"carriage\rreturn"'],
			['Grüße 👋', 'Grüße 👋'],
			['=1+1', "'=1+1"],
			['+33 1', "'+33 1"],
			['-5', "'-5"],
			['@SUM(A1)', "'@SUM(A1)"],
			['\tindent', "'\tindent"],
			['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
			["'=1", "''=1"],
			['', ''],
		];
		const details = { groupBy: 'link', options: { linkDetails: true } };
		const row = (title: string) =>
			`link,${tricky.id},2,${tricky.shortUrl},${tricky.longUrl},${title},true`;
		for (const [title, written] of cases) {
			tricky.title = title;
			const { items } = await ls.run(exportClicks(details));
			const lines = fileOf(items[0]).text.split('\r\n');
			expect(lines[0]).toBe(DETAILS_HEADER);
			expect(lines.at(-3)).toBe(row(written));
			expect(lines.at(-2)).toBe(`link,${docs.id},4,,,,false`);
		}
		tricky.title = '=1+1';
		const unescaped = await ls.run(
			exportClicks({ ...details, options: { linkDetails: true, escapeFormulas: false } }),
		);
		expect(fileOf(unescaped.items[0]).text.split('\r\n').at(-3)).toBe(row('=1+1'));

		const referrers = await ls.run(exportClicks({ groupBy: 'referrer' }));
		expect(fileOf(referrers.items[0]).text).toContain(`\r\nreferrer,"'=HYPERLINK(""x"")",2\r\n`);
	});

	it('writes JSON Lines: one object a row with the same keys, numbers and booleans as such, null details', async () => {
		ls.sandbox.links.delete(docs.id);

		const { items, error } = await ls.run(
			exportClicks({
				groupBy: 'link',
				format: 'jsonl',
				binaryPropertyName: 'file',
				options: { linkDetails: true },
			}),
		);

		expect(error).toBeUndefined();
		const { text, binary } = fileOf(items[0], 'file');
		expect(binary.mimeType).toBe('application/x-ndjson');
		expect(items[0].json).toEqual({
			groups: 3,
			clicks: 36,
			format: 'jsonl',
			fileName: `clicks-link-${today()}.jsonl`,
			bytes: Buffer.byteLength(text),
		});
		const link = (id: string) => ls.sandbox.links.get(id)!;
		const rows = jsonLinesOf(text);
		expect(rows).toEqual([
			{
				groupBy: 'link',
				value: spring.id,
				clicks: 20,
				shortUrl: link(spring.id).shortUrl,
				longUrl: link(spring.id).longUrl,
				title: link(spring.id).title,
				linkFound: true,
			},
			{
				groupBy: 'link',
				value: launch.id,
				clicks: 12,
				shortUrl: link(launch.id).shortUrl,
				longUrl: link(launch.id).longUrl,
				title: link(launch.id).title,
				linkFound: true,
			},
			{
				groupBy: 'link',
				value: docs.id,
				clicks: 4,
				shortUrl: null,
				longUrl: null,
				title: null,
				linkFound: false,
			},
		]);
		expect(Object.keys(rows[0])).toEqual(DETAILS_HEADER.split(','));

		const plain = await ls.run(exportClicks({ groupBy: 'country', format: 'jsonl' }));
		const countries = jsonLinesOf(fileOf(plain.items[0]).text);
		expect(countries.every((row) => Object.keys(row).join() === 'groupBy,value,clicks')).toBe(true);
		expect(countries.every((row) => typeof row.clicks === 'number')).toBe(true);
	});

	it('sends the Link (by short URL, looked up first) and the query parameters, and uses the file name given', async () => {
		const { items } = await ls.run(
			exportClicks({
				groupBy: 'day',
				linkId: byUrl(`https://sho.rt/${docs.path}`),
				queryParameters: { parameter: [{ name: 'from', value: '2024-03-01' }] },
				options: { fileName: 'docs.csv' },
			}),
		);

		expect(ls.requestsTo(ANALYTICS).map((r) => r.query)).toEqual([
			{ group_by: 'day', from: '2024-03-01', link_id: docs.id },
		]);
		expect(items[0].json).toMatchObject({ fileName: 'docs.csv' });
		expect(fileOf(items[0]).binary.fileName).toBe('docs.csv');
		const days = parseCsv(fileOf(items[0]).text).map((row) => row.value);
		expect(days.length).toBeGreaterThan(0);
		expect(days.every((day) => day >= '2024-03-01')).toBe(true);
	});

	it('writes one file per input item, each paired to its item', async () => {
		const { items } = await ls.run(exportClicks({ groupBy: '={{ $json.dimension }}' }), [
			{ dimension: 'country' },
			{ dimension: 'month' },
		]);

		expect(items.map((item) => [item.json.fileName, item.pairedItem])).toEqual([
			[`clicks-country-${today()}.csv`, { item: 0 }],
			[`clicks-month-${today()}.csv`, { item: 1 }],
		]);
	});

	describe('refuses bad input before any request, naming the parameter and the item', () => {
		it.each([
			[{ format: 'xlsx' }, /^Invalid Format in item 0: "xlsx" is not a format/],
			[{ groupBy: '={{ "planet" }}' }, /^Invalid Group By in item 0: "planet" is not a dimension/],
			[{ groupBy: '={{ "" }}' }, /^Invalid Group By in item 0: choose a dimension/],
			[{ binaryPropertyName: 'my file' }, /^Invalid Put Output File in Field in item 0/],
			[{ options: { fileName: 'reports/clicks.csv' } }, /^Invalid File Name in item 0/],
			[
				{ linkId: byId('={{ "not-a-uuid" }}') },
				/^Invalid .* in item 0: "not-a-uuid" is not a UUID/,
			],
		])('%j', async (parameters, message) => {
			const { error } = await ls.run(exportClicks(parameters));

			expect(error?.message).toMatch(message);
			expect(ls.sandbox.requests).toHaveLength(0);
		});

		it('names the second item when only it is bad, and sends nothing', async () => {
			const { error } = await ls.run(exportClicks({ groupBy: '={{ $json.dimension }}' }), [
				{ dimension: 'day' },
				{ dimension: 'hour' },
			]);

			expect(error?.message).toMatch(/^Invalid Group By in item 1: "hour"/);
			expect(error?.description).toContain('(groupBy)');
			expect(ls.sandbox.requests).toHaveLength(0);
		});
	});
});
