/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { SEEDED } from '../../dev/sandbox/server';
import { fileOf } from '../helpers/exportFiles';
import { useLinkShortener } from '../helpers/fixture';

const LIST = '/v1/links/list';
const HEADER =
	'id,shortUrl,longUrl,title,path,domain,tags,totalNumberOfClick,createdAt,updatedAt,expiredAt';
const exportLinks = (parameters: object = {}) => ({
	resource: 'link',
	operation: 'export',
	...parameters,
});

/** The CSV's rows split at CRLF (the test's fields hold no CRLF unless quoted), the last empty. */
const csvLines = (text: string) => text.split('\r\n');

describe('Link > Export', () => {
	const ls = useLinkShortener();

	it('writes every link oldest first as one CSV file in one item, with the header and RFC 4180 rows', async () => {
		const { items, error } = await ls.run(exportLinks());

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const { text, binary } = fileOf(items[0]);
		const today = new Date().toISOString().slice(0, 10);
		expect(items[0].json).toEqual({
			links: 3,
			format: 'csv',
			fileName: `links-${today}.csv`,
			bytes: Buffer.byteLength(text),
		});
		expect(binary).toMatchObject({ mimeType: 'text/csv', fileName: `links-${today}.csv` });
		expect(text.charCodeAt(0)).not.toBe(0xfeff);
		const lines = csvLines(text);
		expect(lines[0]).toBe(HEADER);
		expect(lines.at(-1)).toBe('');
		expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(
			SEEDED.ownLinks.map((link) => link.id),
		);
		const spring = ls.sandbox.links.get(SEEDED.ownLinks[0].id)!;
		expect(lines[1]).toBe(
			[
				spring.id,
				`https://sho.rt/${spring.path}`,
				spring.longUrl,
				spring.title,
				spring.path,
				spring.domain,
				'',
				String(spring.totalNumberOfClick),
				spring.createdAt,
				'',
				'',
			].join(','),
		);
		expect(ls.requestsTo(LIST).map((r) => r.body)).toEqual([
			{ order: { createdAt: 'asc' }, page: 1, itemsPerPage: 100 },
		]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('quotes commas, quotes, CR and LF, joins tags, writes null as empty and defuses formulas', async () => {
		const [link] = ls.sandbox.addLinks(1);
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
			['\rstart', `"'\rstart"`],
			['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
			["'=1", "''=1"],
			["'plain", "'plain"],
			['', ''],
		];
		for (const [title, written] of cases) {
			link.title = title;
			link.tags = [{ name: 'spring' }, { name: '=promo' }] as never;
			link.expiredAt = null;
			const { items } = await ls.run(exportLinks({ options: { fields: ['title', 'tags'] } }));
			expect(fileOf(items[0]).text.split('\r\n').slice(-2)[0]).toBe(`${written},"spring, =promo"`);
		}
		const { items } = await ls.run(
			exportLinks({ options: { fields: ['title', 'tags'], escapeFormulas: false } }),
		);
		expect(fileOf(items[0]).text.split('\r\n').slice(-2)[0]).toBe(',"spring, =promo"');
		link.title = '=1+1';
		const unescaped = await ls.run(
			exportLinks({ options: { fields: ['title'], escapeFormulas: false } }),
		);
		expect(fileOf(unescaped.items[0]).text.split('\r\n').slice(-2)[0]).toBe('=1+1');
	});

	it('writes the chosen fields in the order given', async () => {
		const { items } = await ls.run(
			exportLinks({ options: { fields: ['title', 'id', 'totalNumberOfClick'] } }),
		);
		const lines = csvLines(fileOf(items[0]).text);
		const spring = SEEDED.ownLinks[0];
		expect(lines[0]).toBe('title,id,totalNumberOfClick');
		expect(lines[1]).toBe(
			`${ls.sandbox.links.get(spring.id)!.title},${spring.id},${ls.sandbox.links.get(spring.id)!.totalNumberOfClick}`,
		);
	});

	it('writes JSON Lines: one record a line as the API gives it, a newline after each', async () => {
		const { items } = await ls.run(exportLinks({ format: 'jsonl', binaryPropertyName: 'file' }));

		const { text, binary } = fileOf(items[0], 'file');
		expect(binary.mimeType).toBe('application/x-ndjson');
		expect(items[0].json).toMatchObject({ links: 3, format: 'jsonl' });
		expect(String(items[0].json.fileName)).toMatch(/^links-\d{4}-\d{2}-\d{2}\.jsonl$/);
		expect(text.endsWith('\n')).toBe(true);
		const records = text
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line));
		expect(records.map((r) => r.id)).toEqual(SEEDED.ownLinks.map((l) => l.id));
		expect(Object.keys(records[0])).toEqual(expect.arrayContaining(HEADER.split(',')));
	});

	it('sends the filters as Get Many does and uses the file name given', async () => {
		const { items } = await ls.run(
			exportLinks({
				filters: { search: 'spring', createdAfter: '2024-01-01', userIds: SEEDED.userId },
				options: { fileName: 'spring.csv' },
			}),
		);

		expect(ls.requestsTo(LIST)[0].body).toEqual({
			search: 'spring',
			user: [SEEDED.userId],
			createdAt: { after: '2024-01-01' },
			order: { createdAt: 'asc' },
			page: 1,
			itemsPerPage: 100,
		});
		expect(items[0].json).toMatchObject({ links: 1, fileName: 'spring.csv' });
		expect(fileOf(items[0]).binary.fileName).toBe('spring.csv');
	});

	it('writes one file per input item, each paired to its item', async () => {
		const { items } = await ls.run(exportLinks({ filters: { search: '={{ $json.q }}' } }), [
			{ q: 'spring' },
			{ q: 'no such link' },
		]);

		expect(items.map((i) => [i.json.links, i.pairedItem])).toEqual([
			[1, { item: 0 }],
			[0, { item: 1 }],
		]);
		expect(fileOf(items[1]).text).toBe(`${HEADER}\r\n`);
	});

	it('fails the item on a page that fails: no file; under On Error: Continue an error item without binary', async () => {
		ls.sandbox.addLinks(300);
		ls.sandbox.injectFault({ path: LIST, page: 3, fault: { kind: 'status', status: 500 } });

		const stopped = await ls.run(exportLinks());
		expect(stopped.error?.message).toMatch(/500|server/i);
		expect(stopped.items).toEqual([]);

		ls.sandbox.injectFault({ path: LIST, page: 3, fault: { kind: 'status', status: 500 } });
		const { items } = await ls.run(exportLinks(), [{}, {}], { continueOnFail: true });
		const failed = items.filter((item) => item.json.error);
		expect(failed).toHaveLength(1);
		expect(failed[0].binary).toBeUndefined();
		expect(items.find((item) => !item.json.error)?.json.links).toBe(303);
		expect(items.map((item) => item.pairedItem)).toEqual(
			expect.arrayContaining([{ item: 0 }, { item: 1 }]),
		);
	});

	it('stops with an error when the server ignores the page asked for', async () => {
		ls.sandbox.addLinks(300);
		ls.sandbox.injectFault({ path: LIST, times: 50, fault: { kind: 'paging', ignorePage: true } });

		const { error, items } = await ls.run(exportLinks());

		expect(error?.message).toMatch(/repeats/);
		expect(items).toEqual([]);
		expect(ls.requestsTo(LIST).length).toBeLessThan(20);
	});

	it('writes links created during the export at most once, and every other link exactly once', async () => {
		const before = ls.sandbox.addLinks(400).map((link) => link.id);
		ls.sandbox.setPageSizeCap(20);
		ls.sandbox.setLatency(5);
		let created = 0;
		const creating = setInterval(() => {
			ls.sandbox.addLinks(3);
			created += 3;
		}, 10);
		try {
			const { items, error } = await ls.run(exportLinks({ options: { fields: ['id'] } }));
			expect(error).toBeUndefined();
			const ids = csvLines(fileOf(items[0]).text).slice(1, -1);
			expect(new Set(ids).size).toBe(ids.length);
			const all = [...SEEDED.ownLinks.map((l) => l.id), ...before];
			expect(ids.slice(0, all.length)).toEqual(all);
			expect(created).toBeGreaterThan(0);
			expect(items[0].json.links).toBe(ids.length);
		} finally {
			clearInterval(creating);
			ls.sandbox.setLatency(0);
			ls.sandbox.setPageSizeCap(undefined);
		}
	});

	describe('refuses bad settings before any request, naming the parameter and the item', () => {
		it.each([
			[{ format: 'xlsx' }, /Invalid Format in item 0: "xlsx" is not a format/],
			[{ format: 'toString' }, /"toString" is not a format/],
			[{ binaryPropertyName: '={{ "" }}' }, /Invalid Put Output File in Field in item 0/],
			[{ binaryPropertyName: 'my file' }, /"my file" is not a binary property name/],
			[{ options: { fields: [] } }, /Invalid Fields in item 0: choose at least one/],
			[{ options: { fields: ['id', 'clicks'] } }, /"clicks" is not a link field/],
			[{ options: { fileName: 'a/b.csv' } }, /Invalid File Name in item 0/],
		])('%j', async (parameters, message) => {
			const { error } = await ls.run(exportLinks(parameters));

			expect(error?.message).toMatch(message);
			expect(ls.sandbox.requests).toHaveLength(0);
		});
	});
});
