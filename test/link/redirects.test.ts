import type { INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { byId } from './locatorValues';

const [spring] = SEEDED.ownLinks;
const get = { resource: 'link', operation: 'get', linkId: byId(spring.id) };

/** D10 and fault 1 of the messy-server issue: 3xx answers, for every kind of request of the node. */
describe('Redirects: the API key never leaves its origin', () => {
	const ls = useLinkShortener();

	async function otherOrigin() {
		const other = await ls.sandbox.startOtherOrigin();
		return { other, host: new URL(other.origin).host };
	}

	it.each([301, 302, 307, 308] as const)(
		'Link > Get: a %i to another origin is not followed; the error names its host',
		async (status) => {
			const { other, host } = await otherOrigin();
			ls.sandbox.injectFault({
				path: `/v1/links/${spring.id}`,
				fault: { kind: 'redirect', status, origin: other.origin },
			});

			const { items, error } = await ls.run(get);

			expect(other.requests).toHaveLength(0);
			expect(items).toEqual([]);
			expect(error?.message).toContain(host);
			expect(error?.message).toMatch(/not followed/);
			expect(error?.description).toMatch(/Base URL/);
		},
	);

	it('Link > Create: a 307 to another origin sends neither the key nor the link there', async () => {
		const { other, host } = await otherOrigin();
		ls.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/',
			fault: { kind: 'redirect', status: 307, origin: other.origin },
		});

		const { error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/r',
		});

		expect(other.requests).toHaveLength(0);
		expect(error?.message).toContain(host);
	});

	it('Bulk > Create Many: a 307 to another origin does not re-post the batch there', async () => {
		const { other, host } = await otherOrigin();
		ls.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/bulk',
			times: Infinity,
			fault: { kind: 'redirect', status: 307, origin: other.origin },
		});

		const { items, error } = await ls.run(
			{ resource: 'bulk', operation: 'createMany', longUrl: '={{ $json.url }}' },
			[{ url: 'https://example.com/1' }, { url: 'https://example.com/2' }],
			{ continueOnFail: true },
		);

		expect(other.requests).toHaveLength(0);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const item of items)
			expect(String(item.json.error)).toMatch(new RegExp(`^Not created: .*${host}`));
	});

	it('Link > Get Many and the domain dropdown and locator search: not followed to another origin', async () => {
		const { other, host } = await otherOrigin();
		ls.sandbox.injectFault({
			times: Infinity,
			fault: { kind: 'redirect', status: 302, origin: other.origin },
		});

		const getMany = await ls.run({ resource: 'link', operation: 'getMany', returnAll: true });
		const dropdown = ls.engine.loadOptions({
			type: NODE_TYPE,
			method: 'getVerifiedDomains',
			parameters: { resource: 'link', operation: 'create' },
			credentials: ls.credentials,
		});
		const search = ls.engine.listSearch({
			type: NODE_TYPE,
			method: 'searchLinks',
			parameters: { resource: 'link', operation: 'get' } as INodeParameters,
			filter: 'spring',
			credentials: ls.credentials,
		});

		expect(getMany.error?.message).toContain(host);
		await expect(dropdown).rejects.toThrow(host);
		await expect(search).rejects.toThrow(host);
		expect(other.requests).toHaveLength(0);
	});

	it('follows a redirect to the same origin, with the method and body of a 307', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path: '/v1/links/',
			fault: { kind: 'redirect', status: 307, location: `${ls.sandbox.baseUrl}/public/links` },
		});

		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/moved',
			title: 'Moved',
		});

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /v1/links/ 307',
			'POST /public/links 200',
		]);
		expect(ls.sandbox.requests[1].body).toEqual({
			longUrl: 'https://example.com/moved',
			title: 'Moved',
		});
		expect(ls.sandbox.requests[1].headers['x-api-key']).toBe(ls.sandbox.apiKey);
		expect(items.map((item) => item.json.title)).toEqual(['Moved']);
	});

	it('follows at most 5 redirects to the same origin, then stops with an error', async () => {
		ls.sandbox.injectFault({
			path: `/v1/links/${spring.id}`,
			times: 10,
			fault: { kind: 'redirect', status: 302 },
		});

		const { error } = await ls.run(get);

		expect(error?.message).toMatch(/redirected more than 5 times/);
		expect(ls.sandbox.requests).toHaveLength(6);
	});

	it('follows same-origin redirects of list pages', async () => {
		ls.sandbox.injectFault({
			path: '/v1/domains',
			times: 2,
			fault: { kind: 'redirect', status: 302 },
		});

		const { items, error } = await ls.run({
			resource: 'domain',
			operation: 'getMany',
			returnAll: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.status).sort()).toEqual([1, 1, 4, 5, 6]);
		expect(ls.sandbox.requests.map((r) => r.status)).toEqual([302, 302, 200]);
	});
});

/** Fault 2: a Base URL with surrounding spaces works for every operation, declarative or not. */
describe('Base URL with spaces around it', () => {
	const ls = useLinkShortener();

	it('is trimmed for declarative operations and for bulk ones', async () => {
		const credentials = {
			linkShortenerApi: { baseUrl: ` ${ls.sandbox.baseUrl}/ `, apiKey: ls.sandbox.apiKey },
		};

		const create = await ls.run(
			{ resource: 'link', operation: 'create', longUrl: 'https://example.com/a' },
			undefined,
			{ credentials },
		);
		const list = await ls.run({ resource: 'link', operation: 'getMany', limit: 1 }, undefined, {
			credentials,
		});
		const bulk = await ls.run(
			{ resource: 'bulk', operation: 'createMany', longUrl: 'https://example.com/b' },
			undefined,
			{ credentials },
		);

		expect([create.error, list.error, bulk.error]).toEqual([undefined, undefined, undefined]);
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links/',
			'POST /v1/links/list',
			'POST /v1/links/bulk',
		]);
	});
});
