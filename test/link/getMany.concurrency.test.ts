import { SEEDED } from '../../dev/sandbox/server';
import { REQUESTS_IN_FLIGHT } from '../../nodes/LinkShortener/http/endpoints';
import { useLinkShortener } from '../helpers/fixture';

const LIST = '/v1/links/list';
const CAP = 50;

/** The concurrent-pages issue: once `total` is known, pages are asked for a few at once. */
describe('Link > Get Many, pages asked for at once', () => {
	const ls = useLinkShortener({ pageSizeCap: CAP, latencyMs: 5 });

	/** The listing in the server's order: newest first, the seeded links (older) last. */
	function serverOrder(added: Array<{ id: string }>): string[] {
		return [
			...added.map((link) => link.id).reverse(),
			...SEEDED.ownLinks.map((link) => link.id).reverse(),
		];
	}

	const pagesAsked = () =>
		ls.requestsTo(LIST).map((request) => (request.body as { page: number }).page);

	it('returns every link once, in the server order, asking each page once and a few at once', async () => {
		const added = ls.sandbox.addLinks(1000 - SEEDED.ownLinks.length);

		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'getMany',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(serverOrder(added));
		// The first page shows the server's page cap (50 of the 100 asked) and the total: 20 pages.
		expect(pagesAsked().sort((a, b) => a - b)).toEqual(
			Array.from({ length: 1000 / CAP }, (_, index) => index + 1),
		);
		expect(ls.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(ls.sandbox.maxInFlight).toBeLessThanOrEqual(REQUESTS_IN_FLIGHT);
	});

	it('keeps the server order when an early page answers last', async () => {
		const added = ls.sandbox.addLinks(300 - SEEDED.ownLinks.length);
		ls.sandbox.injectFault({ path: LIST, page: 2, fault: { kind: 'delay', ms: 300 } });

		const { items } = await ls.run({ resource: 'link', operation: 'getMany', returnAll: true });

		expect(items.map((item) => item.json.id)).toEqual(serverOrder(added));
		expect(ls.requestsTo(LIST)).toHaveLength(300 / CAP);
	});

	it('asks only for the pages a limit needs', async () => {
		const added = ls.sandbox.addLinks(500);

		const { items } = await ls.run({ resource: 'link', operation: 'getMany', limit: 120 });

		expect(items.map((item) => item.json.id)).toEqual(serverOrder(added).slice(0, 120));
		expect(pagesAsked().sort()).toEqual([1, 2, 3]);
	});

	it('still ends with an error, within ⌈total/page⌉ + 2 requests, when the server ignores page', async () => {
		ls.sandbox.addLinks(600);
		ls.sandbox.injectFault({ path: LIST, times: 500, fault: { kind: 'paging', ignorePage: true } });

		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'getMany',
			returnAll: true,
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^Page 2 of POST \/v1\/links\/list repeats only records of earlier pages/,
		);
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(Math.ceil(603 / CAP) + 2);
		expect(ls.sandbox.maxInFlight).toBeLessThanOrEqual(REQUESTS_IN_FLIGHT);
		expect(ls.sandbox.inFlight).toBe(0);
	});

	it('ends with an error when a page repeats a link of an earlier page', async () => {
		ls.sandbox.addLinks(200);
		ls.sandbox.injectFault({ path: LIST, page: 3, fault: { kind: 'paging', ignorePage: true } });

		const { error } = await ls.run({ resource: 'link', operation: 'getMany', returnAll: true });

		expect(error?.message).toMatch(
			/^Page 3 of POST \/v1\/links\/list repeats only records of earlier pages/,
		);
	});
});
