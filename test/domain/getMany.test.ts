import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';

const getMany = (parameters: object = {}) => ({
	resource: 'domain',
	operation: 'getMany',
	...parameters,
});

describe('Domain > Get Many', () => {
	const ls = useLinkShortener({ pageSizeCap: 4 });

	it('returns every domain when no status filter is set, paging in the query', async () => {
		const { items, error } = await ls.run(getMany({ returnAll: true }));

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.status).sort()).toEqual([1, 1, 4, 5, 6]);
		expect(ls.sandbox.requests.map((r) => r.query)).toEqual([
			{ page: '1', itemsPerPage: '100' },
			{ page: '2', itemsPerPage: '100' },
		]);
	});

	it('returns the verified domains with the Verified filter', async () => {
		ls.sandbox.addDomains(5, 1);

		const { items, error } = await ls.run(getMany({ returnAll: true, filters: { status: 1 } }));

		expect(error).toBeUndefined();
		expect(items).toHaveLength(7);
		expect(items.every((i) => i.json.status === 1)).toBe(true);
		expect(items.map((i) => i.json.domainName)).toContain(SEEDED.defaultDomain.domainName);
		expect(ls.sandbox.requests.map((r) => r.query)).toEqual([
			{ status: '1', page: '1', itemsPerPage: '100' },
			{ status: '1', page: '2', itemsPerPage: '100' },
		]);
	});

	it('returns every domain when the status filter is All', async () => {
		const { items } = await ls.run(getMany({ returnAll: true, filters: { status: '' } }));

		expect(items.map((i) => i.json.status).sort()).toEqual([1, 1, 4, 5, 6]);
		expect(ls.sandbox.requests[0].query).not.toHaveProperty('status');
	});

	it('filters by a provisioning status and honours the limit', async () => {
		ls.sandbox.addDomains(3, 5);

		const { items } = await ls.run(getMany({ limit: 2, filters: { status: 5 } }));

		expect(items).toHaveLength(2);
		expect(items.every((i) => i.json.status === 5)).toBe(true);
		expect(ls.sandbox.requests[0].query).toMatchObject({ status: '5', itemsPerPage: '2' });
	});
});
