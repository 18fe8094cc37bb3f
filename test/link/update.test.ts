import type { INodeParameterResourceLocator, INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../fixture';
import { byId, byUrl } from './locatorValues';

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
		expect(items[0].json).toMatchObject({ id: spring.id, title: 'Summer', longUrl: 'https://shop.example.com/summer' });
		expect(ls.sandbox.links.get(spring.id)?.title).toBe('Summer');
	});

	it('updates a link given by its short URL', async () => {
		const { error } = await ls.run(update(byUrl(`https://go.example.com/${launch.path}`), { title: 'Relaunch' }));

		expect(error).toBeUndefined();
		expect(ls.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links/list',
			'PATCH /public/links/bulk',
		]);
		expect(ls.sandbox.links.get(launch.id)?.title).toBe('Relaunch');
	});

	it('refuses an update with nothing to change, and a bad URL, before any request', async () => {
		const empty = await ls.run(update(byId(spring.id), {}));
		expect(empty.error?.message).toMatch(/Invalid Update Fields in item 0: there is nothing to change/);

		const badUrl = await ls.run(update(byId(spring.id), { longUrl: 'shop.example.com' }));
		expect(badUrl.error?.message).toMatch(/Invalid Long URL in item 0/);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it("reports the bulk-update 403 body's message for a link of another company", async () => {
		const { error } = await ls.run(update(byId(foreign.id), { title: 'Mine now' }));

		expect(ls.sandbox.requests[0].status).toBe(403);
		expect(error?.message).toMatch(/^403 /);
		expect(error?.description).toContain('forbidden');
		expect(ls.sandbox.links.get(foreign.id)?.title).toBe(foreign.title);
	});
});
