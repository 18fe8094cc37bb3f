import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { fullReadBound, SERVER_PROFILES, threePagesAndSome } from './profiles';

const LIST = '/v1/links/list';
const getMany = (parameters: object) => ({ resource: 'link', operation: 'getMany', ...parameters });
const seededNewestFirst = SEEDED.ownLinks.map((link) => link.id).reverse();

describe.each(SERVER_PROFILES)('paging against a server with $name', ({ options }) => {
	const ls = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, ls.sandbox.pageSizeCap);
	const hasTotal = !options.omitTotal;

	/** Links newer than the seeded ones, newest first as the server lists them. */
	function addNewest(count: number): string[] {
		const added = ls.sandbox.addLinks(count, { createdAt: new Date().toISOString() });
		return [...added.map((link) => link.id).reverse(), ...seededNewestFirst];
	}

	it('Return All: every link once, in the server order, asking 100 a page and reading what is served', async () => {
		const listed = addNewest(threePagesAndSome(served()) - seededNewestFirst.length);

		const { items, error } = await ls.run(getMany({ returnAll: true }));

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(listed);
		const lists = ls.requestsTo(LIST);
		expect(
			lists.every((request) => (request.body as { itemsPerPage: number }).itemsPerPage === 100),
		).toBe(true);
		expect(lists.length).toBeGreaterThanOrEqual(Math.ceil(listed.length / served()));
		expect(lists.length).toBeLessThanOrEqual(fullReadBound(listed.length, served(), hasTotal));
	});

	it('Limit: exactly that many links, the newest, in ⌈limit / served⌉ list requests', async () => {
		const listed = addNewest(threePagesAndSome(served()));
		const limit = served() + 2;

		const { items, error } = await ls.run(getMany({ returnAll: false, limit }));

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(listed.slice(0, limit));
		expect(ls.requestsTo(LIST)).toHaveLength(
			Math.ceil(limit / Math.min(ls.sandbox.pageSizeCap, limit, 100)),
		);
	});

	it('Export: every link once, oldest first, one file, in the bound of list requests', async () => {
		const listed = addNewest(threePagesAndSome(served()) - seededNewestFirst.length).reverse();

		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'export',
			options: { fields: ['id'] },
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const text = Buffer.from(items[0].binary!.data.data, 'base64').toString('utf8');
		expect(text).toBe(['id', ...listed, ''].join('\r\n'));
		expect(items[0].json.links).toBe(listed.length);
		const lists = ls.requestsTo(LIST);
		expect(lists.length).toBeLessThanOrEqual(fullReadBound(listed.length, served(), hasTotal));
	});

	it('Domain > Get Many with Return All: every domain once', async () => {
		ls.sandbox.addDomains(threePagesAndSome(served()));
		const all = ls.sandbox.domains.length;

		const { items, error } = await ls.run({
			resource: 'domain',
			operation: 'getMany',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(all);
		expect(items).toHaveLength(all);
		expect(ls.requestsTo('/v1/domains').length).toBeLessThanOrEqual(
			fullReadBound(all, served(), hasTotal),
		);
	});
});
