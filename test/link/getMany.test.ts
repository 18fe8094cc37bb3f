import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { DATE_FORMS } from '../helpers/messages';

const OWN = SEEDED.ownLinks.length;
const getMany = (parameters: object = {}) => ({
	resource: 'link',
	operation: 'getMany',
	...parameters,
});
/** [page, itemsPerPage] of each list request, by page: later pages are asked for at once. */
const pagesAsked = (requests: Array<{ body: unknown }>) =>
	requests
		.map((r) => {
			const { page, itemsPerPage } = r.body as { page: number; itemsPerPage: number };
			return [page, itemsPerPage];
		})
		.sort(([a], [b]) => a - b);

describe('Link > Get Many', () => {
	const ls = useLinkShortener();

	it('outputs one item per link, newest first, up to the limit', async () => {
		const { items, error } = await ls.run(getMany({ limit: 2 }));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests).toHaveLength(1);
		expect(ls.sandbox.requests[0]).toMatchObject({ method: 'POST', path: '/v1/links/list' });
		expect(ls.sandbox.requests[0].body).toEqual({ page: 1, itemsPerPage: 2 });
		expect(items.map((i) => i.json.id)).toEqual([SEEDED.ownLinks[2].id, SEEDED.ownLinks[1].id]);
		expect(items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	it('returns all links across pages, asking for 100 a page and reading the size the server serves', async () => {
		ls.sandbox.addLinks(250);

		const { items } = await ls.run(getMany({ returnAll: true }));

		expect(items).toHaveLength(250 + OWN);
		expect(new Set(items.map((i) => i.json.id)).size).toBe(250 + OWN);
		const pages = Math.ceil((250 + OWN) / ls.sandbox.pageSizeCap);
		expect(pagesAsked(ls.sandbox.requests)).toEqual(
			Array.from({ length: pages }, (_, i) => [i + 1, 100]),
		);
	});

	it('stops at total when the last page is exactly full', async () => {
		ls.sandbox.addLinks(2 * ls.sandbox.pageSizeCap - OWN);

		const { items } = await ls.run(getMany({ returnAll: true }));

		expect(items).toHaveLength(2 * ls.sandbox.pageSizeCap);
		expect(ls.sandbox.requests).toHaveLength(2);
	});

	it('outputs nothing, and no error, when no link matches', async () => {
		const { items, error } = await ls.run(
			getMany({ returnAll: true, filters: { search: 'no such text' } }),
		);

		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(ls.sandbox.requests).toHaveLength(1);
	});

	it('sends the filters and the sort in the shapes the API takes', async () => {
		const { items } = await ls.run(
			getMany({
				returnAll: true,
				filters: {
					search: 'example',
					createdAfter: '2024-01-20T00:00:00',
					createdBefore: '2024-02-25',
					userIds: `${SEEDED.userId}, ${SEEDED.colleagueUserId}`,
				},
				sort: { field: 'title', direction: 'asc' },
			}),
		);

		expect(ls.sandbox.requests[0].body).toEqual({
			search: 'example',
			createdAt: { after: '2024-01-20', before: '2024-02-25' },
			user: [SEEDED.userId, SEEDED.colleagueUserId],
			order: { title: 'asc' },
			page: 1,
			itemsPerPage: 100,
		});
		expect(items.map((i) => i.json.title)).toEqual(['Docs home', 'Product launch']);
	});

	it('refuses a date that does not parse and a user ID that is not a UUID', async () => {
		const badDate = await ls.run(getMany({ filters: { createdAfter: 'yesterday-ish' } }));
		expect(badDate.error?.message).toBe(
			'Invalid Created After in item 0: "yesterday-ish" is not a date: ' + DATE_FORMS,
		);

		const badUser = await ls.run(getMany({ filters: { userIds: 'me' } }));
		expect(badUser.error?.message).toBe('Invalid User IDs in item 0: "me" is not a UUID');
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('lists through the legacy path when asked', async () => {
		await ls.run(getMany({ limit: 1, options: { apiPaths: 'legacy' } }));

		expect(ls.sandbox.requests.map((r) => r.path)).toEqual(['/public/links/list']);
	});
});

describe('Link > Get Many against a server that caps pages at 7', () => {
	const ls = useLinkShortener({ pageSizeCap: 7 });

	it('keeps asking until it has every link', async () => {
		ls.sandbox.addLinks(20 - OWN);

		const { items } = await ls.run(getMany({ returnAll: true }));

		expect(items).toHaveLength(20);
		expect(new Set(items.map((i) => i.json.id)).size).toBe(20);
		expect(pagesAsked(ls.sandbox.requests)).toEqual([
			[1, 100],
			[2, 100],
			[3, 100],
		]);
	});

	it('reaches a limit larger than the cap and stops there', async () => {
		ls.sandbox.addLinks(30);

		const { items } = await ls.run(getMany({ limit: 10 }));

		expect(items).toHaveLength(10);
		expect(ls.sandbox.requests).toHaveLength(2);
	});
});
