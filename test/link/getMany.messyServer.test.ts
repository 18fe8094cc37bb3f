import type { INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { REQUESTS_IN_FLIGHT } from '../../nodes/LinkShortener/http/endpoints';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { byUrl } from './locatorValues';

const LIST = '/v1/links/list';
const OWN = SEEDED.ownLinks.length;
const returnAll = { resource: 'link', operation: 'getMany', returnAll: true };

/**
 * Faults 3 and 4 of the messy-server issue (D6): every listing ends, with a clear error, against
 * a server that ignores `page`, sends no `total`, or answers 200 with something else than JSON.
 * `times` is large but finite: code without the bounds would page until the fault runs out.
 */
describe('Listings against a server that pages wrongly', () => {
	const ls = useLinkShortener({ pageSizeCap: 20 });

	it('Return All ends with an error after two requests when the server ignores page and sends no total', async () => {
		ls.sandbox.addLinks(60);
		ls.sandbox.injectFault({
			path: LIST,
			times: 200,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		const { items, error } = await ls.run(returnAll);

		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			/^Page 2 of POST \/v1\/links\/list repeats only records of earlier pages/,
		);
		expect(ls.requestsTo(LIST)).toHaveLength(2);
	});

	it('Return All asks at most ⌈total/page⌉ + 2 pages when the server ignores page but sends total', async () => {
		ls.sandbox.addLinks(60 - OWN);
		ls.sandbox.injectFault({ path: LIST, times: 200, fault: { kind: 'paging', ignorePage: true } });

		const { error } = await ls.run(returnAll);

		expect(error?.message).toMatch(/^Page 2 of POST \/v1\/links\/list repeats only records/);
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(Math.ceil(60 / 20) + 2);
	});

	it('stops at the empty page when the server reports more links than it has', async () => {
		ls.sandbox.addLinks(40 - OWN);
		ls.sandbox.injectFault({ path: LIST, times: 200, fault: { kind: 'paging', total: 1000 } });

		const { items, error } = await ls.run(returnAll);

		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(40);
		// Pages asked for at once past the end are waited for, not left running.
		expect(ls.sandbox.inFlight).toBe(0);
		expect(ls.requestsTo(LIST).length).toBeLessThanOrEqual(Math.ceil(40 / 20) + REQUESTS_IN_FLIGHT);
	});

	it('without total, stops at a short page', async () => {
		ls.sandbox.addLinks(50 - OWN);
		ls.sandbox.injectFault({ path: LIST, times: 200, fault: { kind: 'paging', omitTotal: true } });

		const { items, error } = await ls.run(returnAll);

		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(50);
		expect(ls.requestsTo(LIST)).toHaveLength(3);
	});

	it.each([
		[
			'an HTML page',
			{ kind: 'html', title: 'Maintenance' },
			/is not a page of the list the API gives \(text\/html "Maintenance"\)$/,
		],
		[
			'an empty body',
			{ kind: 'empty' },
			/is not a page of the list the API gives \(an empty answer\)/,
		],
		[
			'an error-shaped JSON',
			{ kind: 'errorShaped' },
			/is not a page of the list the API gives \("\{"success":false/,
		],
	] as const)(
		'Return All stops at once on a 200 with %s, described or quoted clipped, never its markup',
		async (_case, fault, message) => {
			ls.sandbox.injectFault({
				path: LIST,
				times: 200,
				fault: { ...fault, bytes: 20_000 } as never,
			});

			const { items, error } = await ls.run(returnAll);

			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^Page 1 of POST \/v1\/links\/list /);
			expect(error?.message).toMatch(message);
			expect(error?.message.length).toBeLessThan(500);
			expect(error?.message).not.toMatch(/<[a-z!]/i);
			expect(ls.requestsTo(LIST)).toHaveLength(1);
		},
	);

	it('Domain > Get Many ends too when the server ignores page and sends no total', async () => {
		ls.sandbox.addDomains(40);
		ls.sandbox.injectFault({
			path: '/v1/domains',
			times: 200,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		const { error } = await ls.run({ resource: 'domain', operation: 'getMany', returnAll: true });

		expect(error?.message).toMatch(/^Page 2 of GET \/v1\/domains repeats only records/);
		expect(ls.requestsTo('/v1/domains')).toHaveLength(2);
	});

	it('the domain dropdown ends too', async () => {
		ls.sandbox.addDomains(40);
		ls.sandbox.injectFault({
			path: '/v1/domains',
			times: 200,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		const loading = ls.engine.loadOptions({
			type: NODE_TYPE,
			method: 'getVerifiedDomains',
			parameters: { resource: 'link', operation: 'create' },
			credentials: ls.credentials,
		});

		await expect(loading).rejects.toThrow(/repeats only records/);
		expect(ls.requestsTo('/v1/domains')).toHaveLength(2);
	});

	it('the locator search gives no next page once a page starts like the one before', async () => {
		ls.sandbox.addLinks(60, { title: 'Same page' });
		ls.sandbox.injectFault({
			path: LIST,
			times: 200,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});
		const search = async (paginationToken?: string) =>
			await ls.engine.listSearch({
				type: NODE_TYPE,
				method: 'searchLinks',
				parameters: { resource: 'link', operation: 'get' } as INodeParameters,
				filter: 'Same page',
				paginationToken,
				credentials: ls.credentials,
			});

		const first = await search();
		expect(first.paginationToken).toBeDefined();
		await expect(search(first.paginationToken)).rejects.toThrow(
			/starts with the same link as the page before/,
		);
	});

	it('the short-URL look-up of Link > Get ends too', async () => {
		ls.sandbox.addLinks(60, { title: 'spring' });
		ls.sandbox.injectFault({
			path: LIST,
			times: 200,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		const { error } = await ls.run({
			resource: 'link',
			operation: 'get',
			linkId: byUrl('https://go.example.com/spring'),
		});

		expect(error?.message).toMatch(/repeats only records of earlier pages/);
		expect(ls.requestsTo(LIST)).toHaveLength(2);
	});
});
