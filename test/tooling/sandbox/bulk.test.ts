import { SEEDED } from '../../../dev/sandbox/server';
import { call, expectRateLimited, LINK_KEYS, sandbox, useSandbox, type Json } from './client';

useSandbox();

describe('bulk create', () => {
	it('creates links in request order, sharing one createdAt, with rate-limit headers', async () => {
		const body = Array.from({ length: 5 }, (_, i) => ({
			longUrl: `https://example.com/${i}`,
			title: `T${i}`,
		}));
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

		const legacy = await call('POST', '/public/links/bulk', [
			{ longUrl: 'https://example.com/legacy' },
		]);
		expect(legacy.status).toBe(200);
		expect(legacy.headers.get('x-ratelimit-remaining-second')).toBe('8');
	});

	it('accepts 10,000 links in one request and refuses 10,001', async () => {
		const body = Array.from({ length: 10_000 }, (_, i) => ({
			longUrl: `https://example.com/item/${i}`,
			title: `Item ${i}`,
		}));
		const answer = await call('POST', '/v1/links/bulk', body);
		expect(answer.status).toBe(200);
		expect(answer.body.data).toHaveLength(10_000);
		expect(answer.body.data[9_999].title).toBe('Item 9999');
		expect(sandbox.requests[0].bodyItems).toBe(10_000);

		const before = sandbox.links.size;
		const tooMany = await call('POST', '/v1/links/bulk', [
			...body,
			{ longUrl: 'https://example.com/one-more' },
		]);
		expect(tooMany.status).toBe(422);
		expect(tooMany.body.code).toBe('VALIDATION_ERROR');
		expect(sandbox.links.size).toBe(before);
	});

	it('refuses the whole request when one element is invalid, naming its index', async () => {
		const before = sandbox.links.size;
		const body = [0, 1, 2, 3, 4].map((i) => ({
			longUrl: i === 3 ? 'nope' : `https://example.com/${i}`,
		}));
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
		expect((await call('POST', '/v1/links/bulk', { longUrl: 'https://example.com' })).status).toBe(
			422,
		);
		expect(sandbox.links.size).toBe(before);
	});

	it('answers 429 with Retry-After over the per-second cap, creating nothing', async () => {
		sandbox.setRateLimit({ perSecond: 2, perMinute: 100 });
		const one = [{ longUrl: 'https://example.com/x' }];
		expect((await call('POST', '/v1/links/bulk', one)).status).toBe(200);
		expect(
			(await call('POST', '/v1/links/bulk', one)).headers.get('x-ratelimit-remaining-second'),
		).toBe('0');
		const before = sandbox.links.size;
		const refused = await call('POST', '/v1/links/bulk', one);
		expectRateLimited(refused, '1');
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
		expect(Object.keys(data[0])).toEqual([
			'id',
			'path',
			'longUrl',
			'title',
			'expiredAt',
			'createdAt',
			'updatedAt',
		]);
		expect(data[0]).toMatchObject({ title: 'New title', path: 'launch' });
		expect(data[1]).toMatchObject({
			longUrl: 'https://example.com/new',
			expiredAt: '2030-06-01T00:00:00.000Z',
		});
		expect(Date.now() - Date.parse(data[0].updatedAt)).toBeLessThan(10_000);

		const fetched = await call('GET', `/v1/links/${launch}`);
		expect(fetched.body.data.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
	});

	it('answers 400 for an empty or non-array body', async () => {
		const empty = await call('PATCH', '/public/links/bulk', []);
		expect(empty.status).toBe(400);
		expect(empty.body).toEqual({
			success: false,
			errors: [{ items: { message: 'items must not be empty', error_code: 'INVALID_INPUT' } }],
		});
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
		expect(answer.body.errors.map((error: Json) => Object.keys(error)[0])).toEqual([
			'1.id',
			'2.longUrl',
			'2.tags',
		]);
		expect(answer.body.errors[1]['2.longUrl']).toMatchObject({
			error_code: 'INVALID_INPUT',
			message: expect.stringContaining('2'),
		});
		expect(sandbox.links.get(spring)?.title).toBe('Spring campaign');
	});

	it('answers 404 for an unknown link and 403 for a foreign one, applying nothing', async () => {
		const unknownId = '00000000-0000-4000-8000-000000000000';
		const notFound = await call('PATCH', '/public/links/bulk', [
			{ id: spring, title: 'x' },
			{ id: unknownId, title: 'y' },
		]);
		expect(notFound.status).toBe(404);
		expect(notFound.body).toEqual({
			success: false,
			error: 'not_found',
			message: `Link ${unknownId} not found`,
		});

		const foreignId = SEEDED.foreignLinks[0].id;
		const forbidden = await call('PATCH', '/public/links/bulk', [
			{ id: spring, title: 'x' },
			{ id: foreignId, title: 'y' },
		]);
		expect(forbidden.status).toBe(403);
		expect(forbidden.body).toEqual({
			success: false,
			error: 'forbidden',
			message: `Access denied to link ${foreignId}`,
		});

		expect(sandbox.links.get(spring)).toMatchObject({ title: 'Spring campaign', updatedAt: null });
		expect(sandbox.links.get(foreignId)?.title).toBe('Other company link 1');
	});
});
