import { DEFAULT_RATE_LIMIT, SANDBOX_API_KEY, SEEDED, SEEDED_CLICKS, Sandbox } from '../../dev/sandbox/server';

/** Response bodies are read loosely in these tests. */
type Json = any;

interface CallOptions {
	key?: string | null;
	rawBody?: string;
}

interface Answer {
	status: number;
	headers: Headers;
	body: Json;
}

let sandbox: Sandbox;

async function call(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	const key = options.key === undefined ? SANDBOX_API_KEY : options.key;
	if (key !== null) headers['x-api-key'] = key;
	const response = await fetch(`${sandbox.baseUrl}${path}`, {
		method,
		headers,
		body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

async function control(method: string, path: string, body?: unknown): Promise<Answer> {
	const response = await fetch(`${sandbox.controlUrl}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.status, headers: response.headers, body: await response.json() };
}

const ownCount = () => [...sandbox.links.values()].filter((link) => link.ownerId === SEEDED.userId).length;
const LINK_KEYS = ['id', 'path', 'shortUrl', 'longUrl', 'title', 'domain', 'tags', 'totalNumberOfClick', 'createdAt', 'updatedAt', 'expiredAt'];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
	sandbox = await Sandbox.start();
});

afterAll(async () => {
	await sandbox.stop();
});

beforeEach(() => {
	sandbox.reset();
	sandbox.setRateLimit(DEFAULT_RATE_LIMIT);
});

describe('authentication and errors', () => {
	it('answers 401 with the flat error when the key is missing or wrong', async () => {
		const missing = await call('GET', '/v1/domains', undefined, { key: null });
		expect(missing.status).toBe(401);
		expect(missing.body).toEqual({ code: 'UNAUTHORIZED', message: 'Missing or invalid API key' });
		const wrong = await call('POST', '/v1/links/', { longUrl: 'https://example.com' }, { key: 'nope' });
		expect(wrong.status).toBe(401);
		expect(wrong.body.code).toBe('UNAUTHORIZED');
	});

	it('answers 401 on bulk update with its own body', async () => {
		const answer = await call('PATCH', '/public/links/bulk', [{ id: SEEDED.ownLinks[0].id }], { key: 'nope' });
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ success: false, error: 'unauthorized', message: 'Token is invalid or expired' });
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
		const created = await call('POST', '/v1/links/', { longUrl: 'https://example.com/a', title: 'A' });
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
		[{ longUrl: 'https://example.com', domain: '00000000-0000-4000-8000-000000000000' }, 'domain', /does not exist/],
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
		expect(ids((await list({ createdAt: { before: '2024-02-01' } })).items)).toEqual([launch, spring]);
		expect(ids((await list({ createdAt: { after: '2024-02-01', before: '2024-02-01' } })).items)).toEqual([launch]);
		const bad = await call('POST', '/v1/links/list', { createdAt: { after: '01/02/2024' } });
		expect(bad.status).toBe(400);
	});

	it('orders by one key, and ignores an order with several keys', async () => {
		expect(ids((await list({ order: { createdAt: 'asc' } })).items)).toEqual([spring, launch, docs]);
		expect(ids((await list({ order: { title: 'asc' } })).items)).toEqual([docs, launch, spring]);
		expect(ids((await list({ order: { title: 'desc' } })).items)).toEqual([spring, launch, docs]);
		expect(ids((await list({ order: { expiredAt: 'desc' } })).items)[0]).toBe(docs);
		expect(ids((await list({ order: { title: 'asc', createdAt: 'asc' } })).items)).toEqual([docs, launch, spring]);
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
		const first = await list({ itemsPerPage: 500 });
		expect(first.total).toBe(253);
		expect(first.items).toHaveLength(100);
		expect((await list({})).items).toHaveLength(20);

		const seen: string[] = [];
		for (let page = 1; page <= 3; page++) seen.push(...ids((await list({ page, itemsPerPage: 100 })).items));
		expect(seen).toHaveLength(253);
		expect(new Set(seen).size).toBe(253);
		expect(seen.slice(0, 250)).toEqual(added.map((link) => link.id).reverse());
		expect(seen.slice(250)).toEqual([docs, launch, spring]);
		expect((await list({ page: 4, itemsPerPage: 100 })).items).toEqual([]);
	});
});

describe('bulk create', () => {
	it('creates links in request order, sharing one createdAt, with rate-limit headers', async () => {
		const body = Array.from({ length: 5 }, (_, i) => ({ longUrl: `https://example.com/${i}`, title: `T${i}` }));
		const answer = await call('POST', '/v1/links/bulk', body);
		expect(answer.status).toBe(200);
		expect(answer.body.error_code).toBeNull();
		const links: Json[] = answer.body.data;
		expect(links.map((link) => link.title)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
		expect(new Set(links.map((link) => link.createdAt)).size).toBe(1);
		expect(Object.keys(links[0])).toEqual(LINK_KEYS);
		expect(answer.headers.get('x-ratelimit-limit-second')).toBe('10');
		expect(answer.headers.get('x-ratelimit-limit-minute')).toBe('300');
		expect(answer.headers.get('x-ratelimit-remaining-second')).toBe('9');
		expect(answer.headers.get('x-ratelimit-remaining-minute')).toBe('299');

		const legacy = await call('POST', '/public/links/bulk', [{ longUrl: 'https://example.com/legacy' }]);
		expect(legacy.status).toBe(200);
		expect(legacy.headers.get('x-ratelimit-remaining-second')).toBe('8');
	});

	it('accepts 10,000 links in one request and refuses 10,001', async () => {
		const body = Array.from({ length: 10_000 }, (_, i) => ({ longUrl: `https://example.com/item/${i}`, title: `Item ${i}` }));
		const answer = await call('POST', '/v1/links/bulk', body);
		expect(answer.status).toBe(200);
		expect(answer.body.data).toHaveLength(10_000);
		expect(answer.body.data[9_999].title).toBe('Item 9999');
		expect(sandbox.requests[0].bodyItems).toBe(10_000);

		const before = sandbox.links.size;
		const tooMany = await call('POST', '/v1/links/bulk', [...body, { longUrl: 'https://example.com/one-more' }]);
		expect(tooMany.status).toBe(422);
		expect(tooMany.body.code).toBe('VALIDATION_ERROR');
		expect(sandbox.links.size).toBe(before);
	});

	it('refuses the whole request when one element is invalid, naming its index', async () => {
		const before = sandbox.links.size;
		const body = [0, 1, 2, 3, 4].map((i) => ({ longUrl: i === 3 ? 'nope' : `https://example.com/${i}` }));
		const answer = await call('POST', '/v1/links/bulk', body);
		expect(answer.status).toBe(422);
		expect(answer.body.details).toEqual({ index: 3, field: 'longUrl' });
		expect(answer.body.message).toMatch(/long_url/);
		expect(sandbox.links.size).toBe(before);

		const duplicatePath = await call('POST', '/v1/links/bulk', [
			{ longUrl: 'https://example.com/1', path: 'same' },
			{ longUrl: 'https://example.com/2', path: 'same' },
		]);
		expect(duplicatePath.status).toBe(422);
		expect(duplicatePath.body.details).toEqual({ index: 1, field: 'path' });
		expect((await call('POST', '/v1/links/bulk', { longUrl: 'https://example.com' })).status).toBe(422);
		expect(sandbox.links.size).toBe(before);
	});

	it('answers 429 with Retry-After over the per-second cap, creating nothing', async () => {
		sandbox.setRateLimit({ perSecond: 2, perMinute: 100 });
		const one = [{ longUrl: 'https://example.com/x' }];
		expect((await call('POST', '/v1/links/bulk', one)).status).toBe(200);
		expect((await call('POST', '/v1/links/bulk', one)).headers.get('x-ratelimit-remaining-second')).toBe('0');
		const before = sandbox.links.size;
		const refused = await call('POST', '/v1/links/bulk', one);
		expect(refused.status).toBe(429);
		expect(refused.body.code).toBe('RATE_LIMITED');
		expect(refused.headers.get('retry-after')).toBe('1');
		expect(refused.headers.get('x-ratelimit-remaining-second')).toBe('0');
		expect(refused.headers.get('x-ratelimit-remaining-minute')).toBe('98');
		expect(sandbox.links.size).toBe(before);
		// Other endpoints are never rate limited.
		expect((await call('POST', '/v1/links/', one[0])).status).toBe(200);
	});

	it('answers 429 with the minute window Retry-After over the per-minute cap', async () => {
		sandbox.setRateLimit({ perSecond: 100, perMinute: 2 });
		const one = [{ longUrl: 'https://example.com/x' }];
		await call('POST', '/v1/links/bulk', one);
		await call('POST', '/v1/links/bulk', one);
		const refused = await call('POST', '/v1/links/bulk', one);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
		expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
		expect(refused.headers.get('x-ratelimit-remaining-minute')).toBe('0');
	});

	it('sends no rate-limit headers when unlimited', async () => {
		sandbox.setRateLimit(undefined);
		const answer = await call('POST', '/v1/links/bulk', [{ longUrl: 'https://example.com/x' }]);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('x-ratelimit-limit-second')).toBeNull();
	});
});

describe('bulk update', () => {
	const [spring, launch] = SEEDED.ownLinks.map((link) => link.id);

	it('updates links and answers reduced records in request order', async () => {
		const [colleagueLink] = sandbox.addLinks(1, { ownerId: SEEDED.colleagueUserId });
		const answer = await call('PATCH', '/public/links/bulk', [
			{ id: launch, title: 'New title', tags: [{ name: 'a' }, { name: 'b' }] },
			{ id: spring, longUrl: 'https://example.com/new', expiredAt: '2030-06-01T00:00:00Z' },
			{ id: colleagueLink.id, title: 'Colleague' },
		]);
		expect(answer.status).toBe(200);
		expect(answer.body.success).toBe(true);
		const data: Json[] = answer.body.data;
		expect(data.map((link) => link.id)).toEqual([launch, spring, colleagueLink.id]);
		expect(Object.keys(data[0])).toEqual(['id', 'path', 'longUrl', 'title', 'expiredAt', 'createdAt', 'updatedAt']);
		expect(data[0]).toMatchObject({ title: 'New title', path: 'launch' });
		expect(data[1]).toMatchObject({ longUrl: 'https://example.com/new', expiredAt: '2030-06-01T00:00:00.000Z' });
		expect(Date.now() - Date.parse(data[0].updatedAt)).toBeLessThan(10_000);

		const fetched = await call('GET', `/v1/links/${launch}`);
		expect(fetched.body.data.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
	});

	it('answers 400 for an empty or non-array body', async () => {
		const empty = await call('PATCH', '/public/links/bulk', []);
		expect(empty.status).toBe(400);
		expect(empty.body).toEqual({ success: false, errors: [{ items: { message: 'items must not be empty', error_code: 'INVALID_INPUT' } }] });
		const notArray = await call('PATCH', '/public/links/bulk', { id: spring });
		expect(notArray.status).toBe(400);
		expect(notArray.body.errors[0].items.error_code).toBe('INVALID_INPUT');
	});

	it('answers 400 naming the index and field, applying nothing', async () => {
		const answer = await call('PATCH', '/public/links/bulk', [
			{ id: spring, title: 'Should not apply' },
			{ title: 'no id' },
			{ id: launch, longUrl: 'nope', tags: 'x' },
		]);
		expect(answer.status).toBe(400);
		expect(answer.body.success).toBe(false);
		expect(answer.body.errors.map((error: Json) => Object.keys(error)[0])).toEqual(['1.id', '2.longUrl', '2.tags']);
		expect(answer.body.errors[1]['2.longUrl']).toMatchObject({ error_code: 'INVALID_INPUT', message: expect.stringContaining('2') });
		expect(sandbox.links.get(spring)?.title).toBe('Spring campaign');
	});

	it('answers 404 for an unknown link and 403 for a foreign one, applying nothing', async () => {
		const unknownId = '00000000-0000-4000-8000-000000000000';
		const notFound = await call('PATCH', '/public/links/bulk', [{ id: spring, title: 'x' }, { id: unknownId, title: 'y' }]);
		expect(notFound.status).toBe(404);
		expect(notFound.body).toEqual({ success: false, error: 'not_found', message: `Link ${unknownId} not found` });

		const foreignId = SEEDED.foreignLinks[0].id;
		const forbidden = await call('PATCH', '/public/links/bulk', [{ id: spring, title: 'x' }, { id: foreignId, title: 'y' }]);
		expect(forbidden.status).toBe(403);
		expect(forbidden.body).toEqual({ success: false, error: 'forbidden', message: `Access denied to link ${foreignId}` });

		expect(sandbox.links.get(spring)).toMatchObject({ title: 'Spring campaign', updatedAt: null });
		expect(sandbox.links.get(foreignId)?.title).toBe('Other company link 1');
	});
});

describe('click analytics', () => {
	const clicks = async (query: string) => {
		const answer = await call('GET', `/v1/analytics/clicks${query}`);
		expect(answer.status).toBe(200);
		return answer.body.data as Array<{ group_by: string; value: string; clicks: number }>;
	};

	it('answers 400 without group_by or with an unknown one', async () => {
		const missing = await call('GET', '/v1/analytics/clicks');
		expect(missing.status).toBe(400);
		expect(missing.body).toEqual({ code: 'BAD_REQUEST', message: 'group_by is required' });
		const unknown = await call('GET', '/v1/analytics/clicks?group_by=planet');
		expect(unknown.status).toBe(400);
		expect(unknown.body.message).toContain('day, week, month, country, city, referrer, browser, os, device, link');
	});

	it('groups the own links clicks by link, most clicked first', async () => {
		expect(await clicks('?group_by=link')).toEqual(
			SEEDED.ownLinks.map((link) => ({ group_by: 'link', value: link.id, clicks: link.clicks })),
		);
	});

	it('groups by country like the seeded events say, sorted by clicks', async () => {
		const ownIds = new Set<string>(SEEDED.ownLinks.map((link) => link.id));
		const expected = new Map<string, number>();
		for (const click of SEEDED_CLICKS) {
			if (ownIds.has(click.linkId)) expected.set(click.country, (expected.get(click.country) ?? 0) + 1);
		}
		const rows = await clicks('?group_by=country');
		expect(rows.length).toBeGreaterThan(2);
		expect(new Map(rows.map((row) => [row.value, row.clicks]))).toEqual(expected);
		expect(rows.map((row) => row.clicks)).toEqual([...rows.map((row) => row.clicks)].sort((a, b) => b - a));
	});

	it('filters by link and date range', async () => {
		const launch = SEEDED.ownLinks[1];
		const byDay = await clicks(`?group_by=day&link_id=${launch.id}`);
		expect(byDay.reduce((sum, row) => sum + row.clicks, 0)).toBe(launch.clicks);
		expect(byDay.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.value))).toBe(true);

		const march = await clicks('?group_by=month&from=2024-03-01&to=2024-03-31');
		expect(march.map((row) => row.value)).toEqual(['2024-03']);
		const all = await clicks('?group_by=month');
		expect(all.reduce((sum, row) => sum + row.clicks, 0)).toBe(36);
		expect((await clicks(`?group_by=day&link_id=${SEEDED.foreignLinks[0].id}`))).toEqual([]);
	});
});

describe('domains', () => {
	const domains = async (query = '') => {
		const answer = await call('GET', `/v1/domains${query}`);
		expect(answer.status).toBe(200);
		expect(answer.body.error_code).toBe(0);
		return answer.body.data as { items: Json[]; total: number };
	};

	it('lists domains with the reference record shape, filtered by status', async () => {
		const all = await domains();
		expect(all.total).toBe(5);
		expect(Object.keys(all.items[0])).toEqual([
			'id', 'domainName', 'isDefault', 'isPreferred', 'protocol', 'status', 'externalId', 'fallbackUrl', 'nsRecords', 'createdAt',
		]);
		const verified = await domains('?status=1');
		expect(verified.items.map((domain) => domain.domainName)).toEqual(['sho.rt', 'go.example.com']);
		expect(verified.items[0]).toMatchObject({ id: SEEDED.defaultDomain.id, isDefault: true, protocol: 'https' });
		for (const status of [4, 5, 6]) expect((await domains(`?status=${status}`)).items.map((domain) => domain.status)).toEqual([status]);
	});

	it('pages with a default of 30 and the page-size cap', async () => {
		sandbox.addDomains(150);
		sandbox.addDomains(2, 5);
		expect((await domains()).items).toHaveLength(30);
		const capped = await domains('?itemsPerPage=500');
		expect(capped.items).toHaveLength(100);
		expect(capped.total).toBe(157);
		expect((await domains('?itemsPerPage=100&page=2')).items).toHaveLength(57);
		const verified = await domains('?status=1&itemsPerPage=1&page=2');
		expect(verified.total).toBe(152);
		expect(verified.items.map((domain) => domain.domainName)).toEqual(['go.example.com']);
	});
});

describe('faults', () => {
	const oneLink = [{ longUrl: 'https://example.com/fault', title: 'Fault test' }];

	it('status: answers the injected status, once by default, without applying', async () => {
		sandbox.injectFault({ method: 'POST', path: '/v1/links/bulk', fault: { kind: 'status', status: 503 } });
		const before = sandbox.links.size;
		const failed = await call('POST', '/v1/links/bulk', oneLink);
		expect(failed.status).toBe(503);
		expect(failed.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
		expect(sandbox.links.size).toBe(before);
		expect((await call('POST', '/v1/links/bulk', oneLink)).status).toBe(200);
	});

	it('status: can send a custom body and headers, several times, only for the matching method', async () => {
		sandbox.injectFault({ path: '/v1/domains', times: 2, fault: { kind: 'status', status: 500, body: { code: 'X', message: 'boom' }, headers: { 'X-Trace': 't1' } } });
		expect((await call('POST', '/v1/links/list', {})).status).toBe(200);
		const first = await call('GET', '/v1/domains');
		expect(first).toMatchObject({ status: 500, body: { code: 'X', message: 'boom' } });
		expect(first.headers.get('x-trace')).toBe('t1');
		expect((await call('GET', '/v1/domains')).status).toBe(500);
		expect((await call('GET', '/v1/domains')).status).toBe(200);
	});

	it('rateLimit: answers 429 with the given headers, creating nothing', async () => {
		sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind: 'rateLimit', retryAfterSeconds: 7, remainingMinute: 0 } });
		const before = sandbox.links.size;
		const refused = await call('POST', '/v1/links/bulk', oneLink);
		expect(refused.status).toBe(429);
		expect(refused.body.code).toBe('RATE_LIMITED');
		expect(refused.headers.get('retry-after')).toBe('7');
		expect(refused.headers.get('x-ratelimit-remaining-minute')).toBe('0');
		expect(refused.headers.get('x-ratelimit-remaining-second')).toBeNull();
		expect(sandbox.links.size).toBe(before);
	});

	it('drop: the connection closes before anything is applied', async () => {
		sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind: 'drop' } });
		const before = sandbox.links.size;
		await expect(call('POST', '/v1/links/bulk', oneLink)).rejects.toThrow();
		expect(sandbox.links.size).toBe(before);
		expect(sandbox.requests[0]).toMatchObject({ path: '/v1/links/bulk', status: 0, fault: 'drop' });
	});

	it('dropAfterApply: the connection closes but the links exist', async () => {
		sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind: 'dropAfterApply' } });
		const before = ownCount();
		await expect(call('POST', '/v1/links/bulk', [...oneLink, ...oneLink])).rejects.toThrow();
		expect(ownCount()).toBe(before + 2);
		const listed = await call('POST', '/v1/links/list', { search: 'Fault test' });
		expect(listed.body.data.total).toBe(2);
	});

	it('delay: answers normally after the delay', async () => {
		sandbox.injectFault({ path: '/v1/domains', fault: { kind: 'delay', ms: 150 } });
		const started = Date.now();
		const answer = await call('GET', '/v1/domains');
		expect(answer.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('refuses a fault rule that cannot work', () => {
		expect(() => sandbox.injectFault({ fault: { kind: 'explode' } } as never)).toThrow(/kind/);
	});
});

describe('request log', () => {
	it('records API requests with method, path, query, lower-case headers, body and status', async () => {
		await call('GET', '/v1/domains?status=1&page=1');
		await call('POST', '/v1/links/', { longUrl: 'https://example.com/log' }, { key: 'wrong' });
		await control('GET', '/requests');
		expect(sandbox.requests).toHaveLength(2);
		expect(sandbox.requests[0]).toMatchObject({ method: 'GET', path: '/v1/domains', query: { status: '1', page: '1' }, status: 200 });
		expect(sandbox.requests[0].headers['x-api-key']).toBe(SANDBOX_API_KEY);
		expect(sandbox.requests[1]).toMatchObject({ method: 'POST', path: '/v1/links/', body: { longUrl: 'https://example.com/log' }, status: 401 });
		expect(Math.abs(sandbox.requests[1].at - Date.now())).toBeLessThan(10_000);
		sandbox.clearRequests();
		expect(sandbox.requests).toHaveLength(0);
	});

	it('keeps bodies out of the log when logBodies is false, and honours the options', async () => {
		const light = await Sandbox.start({ logBodies: false, pageSizeCap: 10, seedLinks: 15, apiKey: 'other-key', rateLimit: null });
		try {
			const headers = { 'content-type': 'application/json', 'x-api-key': 'other-key' };
			const bulk = await fetch(`${light.baseUrl}/v1/links/bulk`, { method: 'POST', headers, body: JSON.stringify([{ longUrl: 'https://example.com/1' }, { longUrl: 'https://example.com/2' }]) });
			expect(bulk.status).toBe(200);
			expect(bulk.headers.get('x-ratelimit-limit-second')).toBeNull();
			expect(light.requests[0].body).toBeUndefined();
			expect(light.requests[0].bodyItems).toBe(2);
			const listed: Json = await (await fetch(`${light.baseUrl}/v1/links/list`, { method: 'POST', headers, body: JSON.stringify({ itemsPerPage: 50 }) })).json();
			expect(listed.data.total).toBe(20);
			expect(listed.data.items).toHaveLength(10);
			light.reset();
			expect(light.links.size).toBe(20);
		} finally {
			await light.stop();
		}
	});
});

describe('reset', () => {
	it('returns to the seeded state', async () => {
		const seededIds = [...sandbox.links.keys()];
		await call('POST', '/v1/links/', { longUrl: 'https://example.com/temp' });
		await call('PATCH', '/public/links/bulk', [{ id: SEEDED.ownLinks[0].id, title: 'Changed' }]);
		sandbox.addDomains(3);
		sandbox.injectFault({ fault: { kind: 'status', status: 500 } });
		sandbox.reset();
		expect([...sandbox.links.keys()]).toEqual(seededIds);
		expect(sandbox.links.get(SEEDED.ownLinks[0].id)?.title).toBe('Spring campaign');
		expect(sandbox.domains).toHaveLength(5);
		expect(sandbox.requests).toHaveLength(0);
		expect((await call('GET', '/v1/domains')).status).toBe(200);
	});
});

describe('control endpoints', () => {
	it('wrap the class methods over HTTP', async () => {
		expect((await control('POST', '/faults', { path: '/v1/domains', fault: { kind: 'status', status: 502 } })).status).toBe(200);
		expect((await call('GET', '/v1/domains')).status).toBe(502);
		const log = await control('GET', '/requests');
		expect(log.body).toHaveLength(1);
		expect(log.body[0]).toMatchObject({ method: 'GET', path: '/v1/domains', status: 502, fault: 'status' });
		await control('DELETE', '/requests');
		expect(sandbox.requests).toHaveLength(0);

		const added = await control('POST', '/links', { count: 3, fields: { title: 'From control' } });
		expect(added.body).toHaveLength(3);
		expect((await call('POST', '/v1/links/list', { search: 'From control' })).body.data.total).toBe(3);
		const domains = await control('POST', '/domains', { count: 2, status: 4 });
		expect(domains.body.map((domain: Json) => domain.status)).toEqual([4, 4]);

		await control('POST', '/rate-limit', { perSecond: 1, perMinute: 5 });
		const limited = await call('POST', '/v1/links/bulk', [{ longUrl: 'https://example.com/c' }]);
		expect(limited.headers.get('x-ratelimit-limit-minute')).toBe('5');
		await control('POST', '/rate-limit', null);
		expect((await call('POST', '/v1/links/bulk', [{ longUrl: 'https://example.com/c' }])).headers.get('x-ratelimit-limit-minute')).toBeNull();

		expect((await control('POST', '/reset')).status).toBe(200);
		expect((await call('POST', '/v1/links/list', {})).body.data.total).toBe(3);
		expect((await control('POST', '/faults', { fault: { kind: 'nope' } })).status).toBe(400);
		expect((await control('GET', '/nothing')).status).toBe(404);
	});
});
