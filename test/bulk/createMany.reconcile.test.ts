import { useLinkShortener } from '../helpers/fixture';
import { BULK_CREATE_PATH, createMany, errorRows, linkRows, pairedIndices } from '../helpers/bulk';

const path = BULK_CREATE_PATH;
const LIST_PATH = '/v1/links/list';

/** D7: an ambiguous bulk create is reconciled by a look-up, ⌈n/page⌉ + 1 list requests at most; only rows not found are re-sent. */
describe('Bulk > Create Many: reconciling an ambiguous batch', () => {
	const ls = useLinkShortener();
	const created = () =>
		[...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/'),
		);
	const requestsTo = (p: string) => ls.sandbox.requests.filter((request) => request.path === p);

	it('a lost answer for 250 rows: found by at most ⌈250 / served page size⌉ + 1 list requests, output as created, none sent twice', async () => {
		ls.sandbox.addLinks(120); // older links the look-up must page past or stop before
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		const input = linkRows(250);

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(error).toBeUndefined();
		expect(requestsTo(path)).toHaveLength(1);
		expect(requestsTo(LIST_PATH).length).toBeLessThanOrEqual(
			Math.ceil(250 / ls.sandbox.pageSizeCap) + 1,
		);
		expect(
			created().filter((link) => link.longUrl.startsWith('https://example.com/page/')),
		).toHaveLength(250);
		expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
		expect(items.every((item, i) => item.json.longUrl === input[i].longUrl)).toBe(true);
	});

	it('repeated rows are counted: three equal rows of a lost answer get three different links', async () => {
		const row = { longUrl: 'https://example.com/same', title: 'Same' };
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), [
			row,
			row,
			{ longUrl: row.longUrl },
			row,
		]);

		expect(error).toBeUndefined();
		expect(requestsTo(path)).toHaveLength(1);
		expect(created()).toHaveLength(4);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(4);
		expect(items.map((item) => item.json.title)).toEqual(['Same', 'Same', '', 'Same']);
	});

	it('links of an earlier batch with the same fields are not taken for the ambiguous batch', async () => {
		const row = { longUrl: 'https://example.com/again', title: 'Again' };
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'delay', ms: 0 } });
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'status', status: 502 } });

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { batchSize: 2 } }),
			[row, row, row, row],
		);

		expect(error).toBeUndefined();
		expect(requestsTo(path).map((request) => request.status)).toEqual([200, 502, 200]);
		expect(created()).toHaveLength(4);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(4);
	});

	it('rows found are output as created and only the rest is re-sent', async () => {
		ls.sandbox.injectFault({ method: 'POST', path, fault: { kind: 'dropAfterApply' } });
		// The server lost one link of the batch before the look-up reads it.
		ls.sandbox.injectFault({
			method: 'POST',
			path: LIST_PATH,
			fault: { kind: 'deleteLinks', newest: 1 },
		});
		const input = linkRows(3);

		const { items, error } = await ls.run(createMany({ mappingMode: 'autoMap' }), input);

		expect(error).toBeUndefined();
		expect(requestsTo(path).map((request) => request.bodyItems)).toEqual([3, 1]);
		expect(
			created()
				.map((link) => link.longUrl)
				.sort(),
		).toEqual(input.map((r) => r.longUrl).sort());
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
		expect(errorRows(items)).toEqual([]);
	});
});
