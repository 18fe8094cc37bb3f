import { SEEDED } from '../../dev/sandbox/server';
import { exportClicks, fileOf, jsonLinesOf } from '../helpers/exportFiles';
import { parseCsv } from '../helpers/csv';
import { useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from '../link/locatorValues';

const ANALYTICS = '/v1/analytics/clicks';
const LIST = '/v1/links/list';
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

	it('Link Details: links on every page, in creation order; a link the listing no longer has last; the account listed as Export lists it', async () => {
		const added = ls.sandbox.addLinks(250);
		const clicked = [0, 59, 60, 130, 249].map((i) => added[i]);
		clicked.forEach((link, i) => ls.sandbox.addClicks(link.id, i + 1));
		ls.sandbox.deleteLinks([added[59].id]);

		const { items, error } = await ls.run(
			exportClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);

		expect(error).toBeUndefined();
		const rows = parseCsv(fileOf(items[0]).text);
		expect(rows.map((row) => [row.value, row.clicks, row.linkFound])).toEqual([
			[spring.id, '20', 'true'],
			[launch.id, '12', 'true'],
			[docs.id, '4', 'true'],
			[added[0].id, '1', 'true'],
			[added[60].id, '3', 'true'],
			[added[130].id, '4', 'true'],
			[added[249].id, '5', 'true'],
			[added[59].id, '2', 'false'],
		]);
		expect(rows[4]).toMatchObject({ shortUrl: added[60].shortUrl, title: added[60].title });
		expect(items[0].json).toMatchObject({ groups: 8, clicks: 51 });
		expect(ls.requestsTo(ANALYTICS)).toHaveLength(1);
		// 252 links at 60 a page: 5 pages, each asked oldest first.
		expect(ls.requestsTo(LIST).map((r) => r.body)).toEqual(
			[1, 2, 3, 4, 5].map((page) => ({
				order: { createdAt: 'asc' },
				page,
				itemsPerPage: 100,
			})),
		);
	});

	it('Link Details: the listing stops once every clicked link is written, and is skipped when there is no group', async () => {
		ls.sandbox.addLinks(300);

		const { items } = await ls.run(
			exportClicks({ groupBy: 'link', options: { linkDetails: true } }),
		);
		expect(items[0].json).toMatchObject({ groups: 3, clicks: 36 });
		expect(ls.requestsTo(LIST)).toHaveLength(1);

		ls.sandbox.clearRequests();
		const [quiet] = ls.sandbox.addLinks(1);
		const none = await ls.run(
			exportClicks({ groupBy: 'link', linkId: byId(quiet.id), options: { linkDetails: true } }),
		);
		expect(none.error).toBeUndefined();
		expect(fileOf(none.items[0]).text).toBe(`${DETAILS_HEADER}\r\n`);
		expect(none.items[0].json).toMatchObject({ groups: 0, clicks: 0 });
		expect(ls.sandbox.requests.map((r) => [r.path, r.query.link_id])).toEqual([
			[ANALYTICS, quiet.id],
		]);
	});

	it('Link Details with another Group By is ignored, as in Get Clicks: no listing, three columns', async () => {
		const { items } = await ls.run(
			exportClicks({ groupBy: 'country', options: { linkDetails: true } }),
		);

		expect(fileOf(items[0]).text.split('\r\n')[0]).toBe('groupBy,value,clicks');
		expect(ls.sandbox.requests.map((r) => r.path)).toEqual([ANALYTICS]);
	});

	it('a group named twice: two rows as served; one row with their sum when details are joined', async () => {
		ls.sandbox.injectFault({
			path: ANALYTICS,
			times: 2,
			fault: {
				kind: 'status',
				status: 200,
				body: {
					data: [
						{ value: spring.id, clicks: 2 },
						{ value: launch.id, clicks: 1 },
						{ value: spring.id, clicks: 3 },
					],
				},
			},
		});

		const plain = await ls.run(exportClicks({ groupBy: 'link' }));
		const joined = await ls.run(exportClicks({ groupBy: 'link', options: { linkDetails: true } }));

		const rows = (text: string) => parseCsv(text).map((row) => [row.value, row.clicks]);
		expect(rows(fileOf(plain.items[0]).text)).toEqual([
			[spring.id, '2'],
			[launch.id, '1'],
			[spring.id, '3'],
		]);
		expect(rows(fileOf(joined.items[0]).text)).toEqual([
			[spring.id, '5'],
			[launch.id, '1'],
		]);
		expect(joined.items[0].json).toMatchObject({ groups: 2, clicks: 6 });
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
