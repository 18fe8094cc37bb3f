import { SEEDED } from '../../../dev/sandbox/server';
import { call, LINK_KEYS, sandbox, useSandbox, UUID_V4, type Json } from './client';

useSandbox();

describe('authentication and errors', () => {
	it('answers 401 with the flat error when the key is missing or wrong', async () => {
		const missing = await call('GET', '/v1/domains', undefined, { key: null });
		expect(missing.status).toBe(401);
		expect(missing.body).toEqual({ code: 'UNAUTHORIZED', message: 'Missing or invalid API key' });
		const wrong = await call(
			'POST',
			'/v1/links/',
			{ longUrl: 'https://example.com' },
			{ key: 'nope' },
		);
		expect(wrong.status).toBe(401);
		expect(wrong.body.code).toBe('UNAUTHORIZED');
	});

	it('answers 401 on bulk update with its own body', async () => {
		const answer = await call('PATCH', '/public/links/bulk', [{ id: SEEDED.ownLinks[0].id }], {
			key: 'nope',
		});
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({
			success: false,
			error: 'unauthorized',
			message: 'Token is invalid or expired',
		});
	});

	it('answers 404 for an unknown path and 400 for malformed JSON', async () => {
		const unknown = await call('GET', '/v1/nothing');
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('NOT_FOUND');
		const wrongMethod = await call('PATCH', '/v1/links/bulk', []);
		expect(wrongMethod.status).toBe(404);
		const malformed = await call('POST', '/v1/links/', undefined, { rawBody: '{"longUrl": ' });
		expect(malformed.status).toBe(400);
		expect(malformed.body.code).toBe('BAD_REQUEST');
	});
});

describe('create and get a link', () => {
	it('creates a link with the reference record shape, and gets it back', async () => {
		const created = await call('POST', '/v1/links/', {
			longUrl: 'https://example.com/a',
			title: 'A',
		});
		expect(created.status).toBe(200);
		expect(created.body.error_code).toBeNull();
		expect(created.body.message).toBe('Request successful');
		const link = created.body.data;
		expect(Object.keys(link)).toEqual(LINK_KEYS);
		expect(link).toMatchObject({
			longUrl: 'https://example.com/a',
			title: 'A',
			domain: SEEDED.defaultDomain.id,
			tags: [],
			totalNumberOfClick: 0,
			updatedAt: null,
			expiredAt: null,
		});
		expect(link.id).toMatch(UUID_V4);
		expect(link.path).toMatch(/^[a-zA-Z0-9]{7}$/);
		expect(link.shortUrl).toBe(`https://sho.rt/${link.path}`);
		expect(link.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		expect(sandbox.links.get(link.id)?.ownerId).toBe(SEEDED.userId);

		const fetched = await call('GET', `/v1/links/${link.id}`);
		expect(fetched.status).toBe(200);
		expect(fetched.body.data).toEqual(link);
	});

	it('accepts domain, path, expiredAt and tags, and the legacy alias', async () => {
		const created = await call('POST', '/public/links', {
			longUrl: 'http://example.com/b',
			domain: SEEDED.verifiedDomain.id,
			path: 'custom-path',
			expiredAt: '2031-05-01T10:00:00+02:00',
			tags: [{ name: 'spring' }],
			somethingElse: 'ignored',
		});
		expect(created.status).toBe(200);
		expect(created.body.data).toMatchObject({
			title: '',
			shortUrl: 'https://go.example.com/custom-path',
			expiredAt: '2031-05-01T08:00:00.000Z',
			tags: [{ name: 'spring' }],
		});
	});

	it.each([
		[{}, 'longUrl', /^long_url: /],
		[{ longUrl: 'not a url' }, 'longUrl', /^long_url: /],
		[{ longUrl: 'ftp://example.com/file' }, 'longUrl', /^long_url: /],
		[{ longUrl: 'https://example.com', domain: SEEDED.status4Domain.id }, 'domain', /not verified/],
		[
			{ longUrl: 'https://example.com', domain: '00000000-0000-4000-8000-000000000000' },
			'domain',
			/does not exist/,
		],
		[{ longUrl: 'https://example.com', path: SEEDED.ownLinks[0].path }, 'path', /already taken/],
		[{ longUrl: 'https://example.com', tags: ['spring'] }, 'tags', /tags/],
		[{ longUrl: 'https://example.com', expiredAt: 'next week' }, 'expiredAt', /expired_at/],
	])('refuses %j with 422', async (body, field, message) => {
		const before = sandbox.links.size;
		const answer = await call('POST', '/v1/links/', body);
		expect(answer.status).toBe(422);
		expect(answer.body.code).toBe('VALIDATION_ERROR');
		expect(answer.body.message).toMatch(message);
		expect(answer.body.details).toEqual({ field });
		expect(sandbox.links.size).toBe(before);
	});

	it('answers 400, 404 and 403 on get', async () => {
		const notUuid = await call('GET', '/v1/links/abc');
		expect(notUuid.status).toBe(400);
		expect(notUuid.body.code).toBe('BAD_REQUEST');
		const unknown = await call('GET', '/v1/links/00000000-0000-4000-8000-000000000000');
		expect(unknown.status).toBe(404);
		expect(unknown.body.code).toBe('NOT_FOUND');
		const foreign = await call('GET', `/v1/links/${SEEDED.foreignLinks[0].id}`);
		expect(foreign.status).toBe(403);
		expect(foreign.body.code).toBe('FORBIDDEN');
	});
});

describe('list links', () => {
	const list = async (body: unknown, path = '/v1/links/list') => {
		const answer = await call('POST', path, body);
		expect(answer.status).toBe(200);
		expect(answer.body.error_code).toBe(0);
		return answer.body.data as { items: Json[]; total: number };
	};
	const ids = (items: Json[]) => items.map((item) => item.id);
	const [spring, launch, docs] = SEEDED.ownLinks.map((link) => link.id);

	it('lists only the own company links, newest first, without internal fields', async () => {
		const page = await list({});
		expect(page.total).toBe(3);
		expect(ids(page.items)).toEqual([docs, launch, spring]);
		expect(Object.keys(page.items[0])).toEqual(LINK_KEYS);
		expect(ids((await list({}, '/public/links/list')).items)).toEqual([docs, launch, spring]);
	});

	it('searches title, long URL, path and id, case-insensitively', async () => {
		expect(ids((await list({ search: 'SPRING campaign' })).items)).toEqual([spring]);
		expect(ids((await list({ search: 'docs.example' })).items)).toEqual([docs]);
		expect(ids((await list({ search: 'launch' })).items)).toEqual([launch]);
		expect(ids((await list({ search: launch.slice(-6) })).items)).toEqual([launch]);
		expect((await list({ search: 'Other company' })).total).toBe(0);
	});

	it('filters by creation date, both ends inclusive', async () => {
		expect(ids((await list({ createdAt: { after: '2024-02-01' } })).items)).toEqual([docs, launch]);
		expect(ids((await list({ createdAt: { before: '2024-02-01' } })).items)).toEqual([
			launch,
			spring,
		]);
		expect(
			ids((await list({ createdAt: { after: '2024-02-01', before: '2024-02-01' } })).items),
		).toEqual([launch]);
		const bad = await call('POST', '/v1/links/list', { createdAt: { after: '01/02/2024' } });
		expect(bad.status).toBe(400);
	});

	it('orders by one key, and ignores an order with several keys', async () => {
		expect(ids((await list({ order: { createdAt: 'asc' } })).items)).toEqual([
			spring,
			launch,
			docs,
		]);
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([docs, launch, spring]);
		expect(ids((await list({ order: { title: 'desc' } })).items)).toEqual([spring, launch, docs]);
		expect(ids((await list({ order: { expiredAt: 'desc' } })).items)[0]).toBe(docs);
		expect(ids((await list({ order: { title: 'asc', createdAt: 'asc' } })).items)).toEqual([
			docs,
			launch,
			spring,
		]);
	});

	it('filters by user within the company', async () => {
		const [colleagueLink] = sandbox.addLinks(1, { ownerId: SEEDED.colleagueUserId });
		sandbox.addLinks(1, { ownerId: SEEDED.foreignUserId });
		expect((await list({})).total).toBe(4);
		expect(ids((await list({ user: [SEEDED.colleagueUserId] })).items)).toEqual([colleagueLink.id]);
		expect((await list({ user: [SEEDED.userId] })).total).toBe(3);
	});

	it('pages deterministically when many links share a createdAt, capping the page size', async () => {
		const added = sandbox.addLinks(250, { createdAt: '2025-01-01T00:00:00.000Z' });
		const cap = sandbox.pageSizeCap;
		const first = await list({ itemsPerPage: 500 });
		expect(first.total).toBe(253);
		expect(first.items).toHaveLength(Math.min(cap, 253));
		expect((await list({})).items).toHaveLength(20);

		const seen: string[] = [];
		const pages = Math.ceil(253 / cap);
		for (let page = 1; page <= pages; page++)
			seen.push(...ids((await list({ page, itemsPerPage: 500 })).items));
		expect(seen).toHaveLength(253);
		expect(new Set(seen).size).toBe(253);
		expect(seen.slice(0, 250)).toEqual(added.map((link) => link.id).reverse());
		expect(seen.slice(250)).toEqual([docs, launch, spring]);
		expect((await list({ page: pages + 1, itemsPerPage: 500 })).items).toEqual([]);
	});

	it('keeps its sorted order between requests only until the links change (create, update, delete)', async () => {
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([docs, launch, spring]);
		const [added] = sandbox.addLinks(1, { title: 'Aardvark' });
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([
			added.id,
			docs,
			launch,
			spring,
		]);
		const update = await call('PATCH', '/public/links/bulk', [{ id: spring, title: 'Abacus' }]);
		expect(update.status).toBe(200);
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([
			added.id,
			spring,
			docs,
			launch,
		]);
		sandbox.deleteLinks([added.id]);
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([spring, docs, launch]);
		sandbox.links.delete(docs);
		expect((await list({})).total).toBe(2);
	});
});
