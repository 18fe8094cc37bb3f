import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';
import { byId, byUrl } from './locatorValues';
import { detailsOf, errorRows, loadedAsN8nDoes, pairedIndices } from '../helpers/bulk';
import { DATE_FORMS } from '../helpers/messages';

const [spring, launch] = SEEDED.ownLinks;
const [foreign] = SEEDED.foreignLinks;

describe('Link > Update', () => {
	const ls = useLinkShortener();
	const update = (linkId: INodeParameterResourceLocator, updateFields: INodeParameters) => ({
		resource: 'link',
		operation: 'update',
		linkId,
		updateFields,
	});

	it('sends a one-element bulk update and outputs the updated link', async () => {
		const { items, error } = await ls.run(
			update(byId(spring.id), {
				longUrl: 'https://shop.example.com/summer',
				title: 'Summer',
				expiredAt: '2031-01-01T00:00:00.000Z',
				tags: 'summer,sale',
			}),
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests).toHaveLength(1);
		expect(ls.sandbox.requests[0]).toMatchObject({ method: 'PATCH', path: '/public/links/bulk' });
		expect(ls.sandbox.requests[0].body).toEqual([
			{
				id: spring.id,
				longUrl: 'https://shop.example.com/summer',
				title: 'Summer',
				expiredAt: '2031-01-01T00:00:00.000Z',
				tags: [{ name: 'summer' }, { name: 'sale' }],
			},
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: spring.id,
			title: 'Summer',
			longUrl: 'https://shop.example.com/summer',
		});
		expect(ls.sandbox.links.get(spring.id)?.title).toBe('Summer');
	});

	it('updates a link given by its short URL', async () => {
		const { error } = await ls.run(
			update(byUrl(`https://go.example.com/${launch.path}`), { title: 'Relaunch' }),
		);

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links/list',
			'PATCH /public/links/bulk',
		]);
		expect(ls.sandbox.links.get(launch.id)?.title).toBe('Relaunch');
	});

	it('refuses an update with nothing to change, and a bad URL, before any request', async () => {
		const empty = await ls.run(update(byId(spring.id), {}));
		expect(empty.error?.message).toMatch(
			/Invalid Update Fields in item 0: there is nothing to change/,
		);

		const badUrl = await ls.run(update(byId(spring.id), { longUrl: 'shop.example.com' }));
		expect(badUrl.error?.message).toMatch(/Invalid Long URL in item 0/);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it("reports the bulk-update 403 body's message for a link of another company", async () => {
		const { error } = await ls.run(update(byId(foreign.id), { title: 'Mine now' }));

		expect(ls.sandbox.requests[0].status).toBe(403);
		expect(error?.message).toMatch(
			/^Link update stopped: input item 0 was refused: 403 Access denied to link /,
		);
		expect(error?.description).toContain('forbidden');
		expect(ls.sandbox.links.get(foreign.id)?.title).toBe(foreign.title);
	});

	it('with Batching on, a later invalid item still stops the run before any request (every item is checked first)', async () => {
		ls.engine.nodeTypes.register(NODE_TYPE, loadedAsN8nDoes());
		const requestOptions = { batching: { batch: { batchSize: 1, batchInterval: 50 } } };
		const parameters = { ...update(byId('={{ $json.id }}'), { title: 'Renamed' }), requestOptions };

		const { error } = await ls.run(parameters, [
			{ id: spring.id },
			{ id: launch.id },
			{ id: 'not-a-uuid' },
		]);

		expect(error?.message).toBe('Invalid Link ID in item 2: "not-a-uuid" is not a UUID');
		expect(ls.sandbox.requests).toHaveLength(0);
		expect(ls.sandbox.links.get(spring.id)?.title).toBe(spring.title);
	});

	it('several items: one PATCH each; with Continue On Fail a refused item is its error item, the others are updated', async () => {
		const missing = 'a1000000-0000-4000-8000-00000000ffff';

		const { items } = await ls.run(
			update(byId('={{ $json.id }}'), { title: '={{ "New " + $json.id.slice(0, 4) }}' }),
			[{ id: spring.id }, { id: missing }, { id: launch.id }],
			{ continueOnFail: true },
		);

		expect(ls.sandbox.requests.map((request) => [request.status, request.bodyItems])).toEqual([
			[200, 1],
			[404, 1],
			[200, 1],
		]);
		expect(pairedIndices(items)).toEqual([0, 1, 2]);
		expect(errorRows(items)).toEqual([1]);
		expect(items[1].json.error).toBe(`Not updated: 404 Link ${missing} not found`);
		expect(items[2].json).toMatchObject({ id: launch.id, title: `New ${launch.id.slice(0, 4)}` });
	});

	it('a short URL that names no link is refused as "Not updated", before any PATCH', async () => {
		const { items } = await ls.run(update(byUrl('https://sho.rt/nowhere'), { title: 'x' }), [{}], {
			continueOnFail: true,
		});

		expect(items[0].json.error).toBe('No link has the short URL https://sho.rt/nowhere');
		expect(detailsOf(items[0])).toMatchObject({
			outcome: 'notUpdated',
			linkId: 'https://sho.rt/nowhere',
		});
		expect(ls.sandbox.requests.map((request) => request.path)).toEqual(['/v1/links/list']);
	});

	it('a 200 that is not the answer is in doubt, never "updated"', async () => {
		ls.sandbox.injectFault({
			method: 'PATCH',
			path: '/public/links/bulk',
			fault: { kind: 'html' },
		});

		const { items } = await ls.run(update(byId(spring.id), { title: 'Renamed' }), undefined, {
			continueOnFail: true,
		});

		expect(items).toHaveLength(1);
		expect(detailsOf(items[0])).toMatchObject({ inputItem: 0, outcome: 'inDoubt' });
	});

	it.each([' , ', ','])(
		'refuses tags %p, which would wipe the tags of the link, before any request',
		async (tags) => {
			const { error } = await ls.run(update(byId(launch.id), { tags }));

			expect(error?.message).toMatch(/^Invalid Tags in item 0: .*holds no tag name/);
			expect(ls.sandbox.requests).toHaveLength(0);
			expect(ls.sandbox.links.get(launch.id)?.tags).toEqual([
				{ name: 'launch' },
				{ name: 'promo' },
			]);
		},
	);

	it('refuses "2024-02-30" as an expiry date before any request', async () => {
		const { error } = await ls.run(update(byId(spring.id), { expiredAt: '2024-02-30' }));

		expect(error?.message).toBe(
			'Invalid Expires At in item 0: "2024-02-30" is not a date: ' + DATE_FORMS,
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});
});
