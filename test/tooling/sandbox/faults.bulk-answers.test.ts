import { SEEDED } from '../../../dev/sandbox/server';
import { call, expectRateLimited, ownCount, sandbox, useSandbox, type Json } from './client';

useSandbox();

const links = (count: number, prefix = 'item') =>
	Array.from({ length: count }, (_, i) => ({
		longUrl: `https://example.com/${prefix}/${i}`,
		title: `${prefix} ${i}`,
	}));

describe('bulk answers that are not what was asked', () => {
	it('replaceElements: null and non-object elements, after creating every link', async () => {
		sandbox.injectFault({
			path: '/v1/links/bulk',
			fault: { kind: 'replaceElements', elements: { 0: null, 1: 7 } },
		});
		const before = ownCount();
		const answer = await call('POST', '/v1/links/bulk', links(3));
		expect(answer.status).toBe(200);
		expect(answer.body.data.slice(0, 2)).toEqual([null, 7]);
		expect(answer.body.data[2]).toMatchObject({ title: 'item 2' });
		expect(ownCount()).toBe(before + 3);
	});

	it('reorder: bulk update answered in reverse, bulk create in a given or a seeded shuffled order', async () => {
		const ids = sandbox.addLinks(4).map((link) => link.id);
		sandbox.injectFault({ method: 'PATCH', fault: { kind: 'reorder', order: 'reverse' } });
		const updated = await call(
			'PATCH',
			'/public/links/bulk',
			ids.map((id, i) => ({ id, title: `T${i}` })),
		);
		expect(updated.body.data.map((link: Json) => link.id)).toEqual([...ids].reverse());
		expect(sandbox.links.get(ids[0])?.title).toBe('T0');

		sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			fault: { kind: 'reorder', order: [2, 0, 1] },
		});
		const created = await call('POST', '/v1/links/bulk', links(3));
		expect(created.body.data.map((link: Json) => link.title)).toEqual([
			'item 2',
			'item 0',
			'item 1',
		]);

		const shuffledTitles = async () => {
			sandbox.injectFault({
				path: '/v1/links/bulk',
				fault: { kind: 'reorder', order: 'shuffle', seed: 42 },
			});
			return (await call('POST', '/v1/links/bulk', links(8))).body.data.map(
				(link: Json) => link.title,
			);
		};
		const first = await shuffledTitles();
		expect(first).not.toEqual(links(8).map((link) => link.title));
		expect([...first].sort()).toEqual(
			links(8)
				.map((link) => link.title)
				.sort(),
		);
		expect(await shuffledTitles()).toEqual(first);
	});

	it('refuseElements: 422 naming every refused index (by index, path or long URL), nothing created', async () => {
		const body = links(6);
		Object.assign(body[4], { path: 'taken-here' });
		sandbox.injectFault({
			path: '/v1/links/bulk',
			times: 2,
			fault: {
				kind: 'refuseElements',
				indexes: [1],
				paths: ['taken-here'],
				longUrls: ['https://example.com/item/5'],
			},
		});
		const before = ownCount();
		const refused = await call('POST', '/v1/links/bulk', body);
		expect(refused.status).toBe(422);
		expect(refused.body.code).toBe('VALIDATION_ERROR');
		expect(refused.body.details.indexes).toEqual([1, 4, 5]);
		expect(refused.body.details.errors.map((error: Json) => error.field)).toEqual([
			'body',
			'path',
			'longUrl',
		]);
		expect(ownCount()).toBe(before);

		// A request without a refused element is handled normally (and uses up one of the times).
		const good = await call('POST', '/v1/links/bulk', [body[0]]);
		expect(good.status).toBe(200);
		expect(ownCount()).toBe(before + 1);
		expect((await call('POST', '/v1/links/bulk', body)).status).toBe(200);
	});

	it('refuseElements without indexes: the client learns only that something was refused', async () => {
		sandbox.injectFault({
			path: '/v1/links/bulk',
			times: Infinity,
			fault: { kind: 'refuseElements', paths: ['p3'], withIndexes: false },
		});
		const body = links(4).map((link, i) => ({ ...link, path: `p${i}` }));
		const refused = await call('POST', '/v1/links/bulk', body);
		expect(refused.status).toBe(422);
		expect(refused.body.details).toBeUndefined();
		expect(JSON.stringify(refused.body)).not.toMatch(/\b3\b/);
		// The refusal follows the element, wherever it sits in a later request (bisection).
		expect((await call('POST', '/v1/links/bulk', body.slice(0, 2))).status).toBe(200);
		expect((await call('POST', '/v1/links/bulk', body.slice(3))).status).toBe(422);
		expect((await call('POST', '/v1/links/bulk', body.slice(2, 3))).status).toBe(200);
		expect(sandbox.requests.every((request) => request.fault === 'refuseElements')).toBe(true);
	});

	it('refuses a taken path like the real API: 422 naming the element, nothing created', async () => {
		const body = [...links(2), { longUrl: 'https://example.com/x', path: SEEDED.ownLinks[0].path }];
		const before = ownCount();
		const refused = await call('POST', '/v1/links/bulk', body);
		expect(refused.status).toBe(422);
		expect(refused.body.details).toEqual({ index: 2, field: 'path' });
		expect(ownCount()).toBe(before);
	});

	it('rateLimit: Retry-After of a whole day, as some proxies send', async () => {
		sandbox.injectFault({
			path: '/v1/links/bulk',
			fault: { kind: 'rateLimit', retryAfterSeconds: 86_400 },
		});
		const before = ownCount();
		const refused = await call('POST', '/v1/links/bulk', links(1));
		expectRateLimited(refused, '86400');
		expect(ownCount()).toBe(before);
	});
});
