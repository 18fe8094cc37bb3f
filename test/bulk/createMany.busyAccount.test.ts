import type { Fault } from '../../dev/sandbox/fault-types';
import { useLinkShortener } from '../helpers/fixture';
import { BULK_CREATE_PATH, createMany, linkRows, pairedIndices } from '../helpers/bulk';

const LIST_PATH = '/v1/links/list';
const ROWS = 20;
const BATCH = 10;
/** Lets the first bulk create through untouched, so that the next fault hits the second batch. */
const passFirstBatch = {
	method: 'POST',
	path: BULK_CREATE_PATH,
	fault: { kind: 'delay' as const, ms: 0 },
};
const run = createMany({ mappingMode: 'autoMap', options: { batchSize: BATCH } });

/**
 * D7 on a busy account: the look-up after a lost or refused answer reads every link created in
 * its window, whoever created it, and the window is measured on the server's clock.
 */
describe('Bulk > Create Many: reconciling on a busy account', () => {
	const ls = useLinkShortener({ rateLimit: null });
	const input = linkRows(ROWS);
	const createdByRun = () =>
		[...ls.sandbox.links.values()].filter((link) =>
			link.longUrl.startsWith('https://example.com/page/'),
		);
	const lists = () => ls.sandbox.requests.filter((request) => request.path === LIST_PATH);
	const failSecondBatch = (fault: Fault) => {
		ls.sandbox.injectFault(passFirstBatch);
		ls.sandbox.injectFault({ method: 'POST', path: BULK_CREATE_PATH, fault });
	};

	describe.each([7, 50])('page cap %i', (cap) => {
		it.each([0, 10_000, 50_000].filter((others) => cap === 50 || others <= 10_000))(
			'%i links created by another workflow inside the window: the look-up reads them all, batch 2 is created once',
			async (others) => {
				ls.sandbox.setPageSizeCap(cap);
				// Another workflow's import, stamped between this run's batches and the look-up.
				if (others > 0)
					ls.sandbox.addLinks(others, { createdAt: new Date(Date.now() + 1_000).toISOString() });
				failSecondBatch({ kind: 'status', status: 503 });

				const { items, error } = await ls.run(run, input);

				expect(error).toBeUndefined();
				expect(pairedIndices(items)).toEqual(input.map((_, i) => i));
				expect(items.every((item) => item.json.error === undefined)).toBe(true);
				const urls = createdByRun().map((link) => link.longUrl);
				expect(urls.sort()).toEqual(input.map((row) => row.longUrl).sort());
				// ⌈(n + links of anyone in the window) / page⌉ + 1: batch 1's 10 and the others.
				expect(lists().length).toBeLessThanOrEqual(Math.ceil((BATCH + BATCH + others) / cap) + 1);
			},
			60_000,
		);
	});

	it.each([
		['5 minutes behind', -5 * 60_000],
		['5 minutes ahead', 5 * 60_000],
	])(
		"a server clock %s: the lost answer's links are found on the server's clock, none created twice",
		async (_name, offset) => {
			ls.sandbox.setClockOffset(offset);
			failSecondBatch({ kind: 'dropAfterApply' });

			const { items, error } = await ls.run(run, input);

			expect(error).toBeUndefined();
			expect(items.every((item) => item.json.error === undefined)).toBe(true);
			const urls = createdByRun().map((link) => link.longUrl);
			expect(urls.sort()).toEqual(input.map((row) => row.longUrl).sort());
			expect(ls.sandbox.requests.filter((r) => r.path === BULK_CREATE_PATH)).toHaveLength(2);
		},
	);

	it('the measured clock narrows the window: 10,000 links of half a minute ago are not read', async () => {
		ls.sandbox.setPageSizeCap(50);
		ls.sandbox.addLinks(10_000, { createdAt: new Date(Date.now() - 30_000).toISOString() });
		failSecondBatch({ kind: 'status', status: 503 });

		const { items, error } = await ls.run(run, input);

		expect(error).toBeUndefined();
		expect(items.every((item) => item.json.error === undefined)).toBe(true);
		expect(createdByRun()).toHaveLength(ROWS);
		// Batch 1's links, then a link older than the window: one page.
		expect(lists()).toHaveLength(1);
	});
});
