import { DEFAULT_PAGE_SIZE_CAP } from '../../../dev/sandbox/server';
import { call, control, sandbox, useSandbox, type Json } from './client';

useSandbox();

const list = async (body: Json) =>
	(await call('POST', '/v1/links/list', body)).body.data as { items: Json[]; total?: number };
const ids = (items: Json[]) => items.map((item) => item.id);

describe('pages that misbehave', () => {
	it('paging ignorePage + omitTotal: every page is page 1, without total', async () => {
		sandbox.addLinks(30);
		sandbox.injectFault({
			path: '/v1/links/list',
			times: 3,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});
		const pages = [
			await list({ page: 1, itemsPerPage: 10 }),
			await list({ page: 2, itemsPerPage: 10 }),
			await list({ page: 3, itemsPerPage: 10 }),
		];
		expect(pages.map((page) => 'total' in page)).toEqual([false, false, false]);
		expect(ids(pages[1].items)).toEqual(ids(pages[0].items));
		expect(ids(pages[2].items)).toEqual(ids(pages[0].items));
		expect(sandbox.requests.map((request) => (request.body as Json).page)).toEqual([1, 2, 3]);
		expect(ids((await list({ page: 2, itemsPerPage: 10 })).items)).not.toEqual(ids(pages[0].items));
	});

	it('paging on domains (query page) and a false total', async () => {
		sandbox.addDomains(40);
		sandbox.injectFault({
			path: '/v1/domains',
			times: 2,
			fault: { kind: 'paging', ignorePage: true, total: 1_000 },
		});
		const first = await call('GET', '/v1/domains?page=1&itemsPerPage=10');
		const second = await call('GET', '/v1/domains?page=2&itemsPerPage=10');
		expect(first.body.data.total).toBe(1_000);
		expect(second.body.data.items).toEqual(first.body.data.items);
		expect((await call('GET', '/v1/domains?page=2&itemsPerPage=10')).body.data.total).toBe(45);
	});

	it('a rule with page hits only that page of the list', async () => {
		sandbox.addLinks(30);
		sandbox.injectFault({ path: '/v1/links/list', page: 2, fault: { kind: 'html' } });
		expect((await call('POST', '/v1/links/list', { page: 1, itemsPerPage: 10 })).status).toBe(200);
		expect((await call('GET', '/v1/domains?page=2')).status).toBe(200);
		const second = await call('POST', '/v1/links/list', { page: 2, itemsPerPage: 10 });
		expect(second.headers.get('content-type')).toMatch(/^text\/html/);
		expect(() => sandbox.injectFault({ page: 0, fault: { kind: 'drop' } })).toThrow(/page/);
	});

	it('deleteLinks when page 2 is asked: the pages shift under the client', async () => {
		const added = sandbox.addLinks(30, { createdAt: '2025-06-01T00:00:00.000Z' });
		const newestFirst = ids([...added].reverse());
		sandbox.injectFault({
			path: '/v1/links/list',
			page: 2,
			fault: { kind: 'deleteLinks', newest: 3 },
		});
		const first = await list({ page: 1, itemsPerPage: 10 });
		const second = await list({ page: 2, itemsPerPage: 10 });
		expect(ids(first.items)).toEqual(newestFirst.slice(0, 10));
		expect(ids(second.items)).toEqual(newestFirst.slice(13, 23));
		expect(second.total).toBe(30);
		expect(newestFirst.slice(0, 3).some((id) => sandbox.links.has(id))).toBe(false);

		sandbox.injectFault({
			path: '/v1/links/list',
			fault: { kind: 'deleteLinks', ids: [newestFirst[20]] },
		});
		expect((await list({})).total).toBe(29);
		expect(sandbox.deleteLinks([newestFirst[21], 'unknown'])).toHaveLength(1);
	});

	it('links dated in the future list first; thousands can share one createdAt and page without loss', async () => {
		const future = sandbox.addLinks(2, { createdAt: '2099-01-01T00:00:00.000Z' });
		const same = sandbox.addLinks(3_000, { createdAt: '2025-01-01T00:00:00.000Z' });
		expect(ids((await list({ itemsPerPage: 2 })).items)).toEqual(ids([...future].reverse()));
		const seen = new Set<string>();
		for (let page = 1; page <= Math.ceil(3_005 / sandbox.pageSizeCap); page++)
			for (const id of ids((await list({ page, itemsPerPage: 100 })).items)) seen.add(id);
		expect(seen.size).toBe(3_005);
		expect(same.every((link) => seen.has(link.id))).toBe(true);
		expect(
			(
				await control('POST', '/links', {
					count: 2,
					fields: { createdAt: '2100-01-01T00:00:00.000Z' },
				})
			).body[0].createdAt,
		).toBe('2100-01-01T00:00:00.000Z');
	});

	it('setPageSizeCap: a smaller cap at runtime and from the control endpoint, back to the start cap on reset', async () => {
		sandbox.addLinks(60);
		sandbox.setPageSizeCap(25);
		expect(sandbox.pageSizeCap).toBe(25);
		expect((await list({ itemsPerPage: 100 })).items).toHaveLength(25);
		expect((await call('GET', '/v1/domains?itemsPerPage=3')).body.data.items).toHaveLength(3);
		expect((await control('POST', '/page-size-cap', { cap: 7 })).status).toBe(200);
		expect((await list({ itemsPerPage: 100 })).items).toHaveLength(7);
		expect((await control('POST', '/page-size-cap', { cap: 0 })).status).toBe(400);
		expect((await control('POST', '/page-size-cap', null)).status).toBe(200);
		expect(sandbox.pageSizeCap).toBe(DEFAULT_PAGE_SIZE_CAP);
		sandbox.setPageSizeCap(5);
		sandbox.reset();
		expect(sandbox.pageSizeCap).toBe(DEFAULT_PAGE_SIZE_CAP);
	});
});
