import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';

import { BULK_CREATE_PATH, BULK_UPDATE_PATH, pairedIndices, syncMany } from '../helpers/bulk';
import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';

const LIST = '/v1/links/list';
const actions = (items: Array<{ json: IDataObject }>) =>
	items.map((item) => [item.json.syncAction, item.json.changedFields]);

describe('Bulk > Sync Many (D15)', () => {
	const ls = useLinkShortener();
	const writes = () =>
		ls.sandbox.requests.filter(
			(request) => request.path === BULK_CREATE_PATH || request.path === BULK_UPDATE_PATH,
		);

	/** Three links of the account and a sheet naming them by path and short URL, plus two new rows. */
	function sheet() {
		const [equal, retitled, retagged] = ls.sandbox.addLinks(3, { title: 'Spring' });
		const rows = [
			{ path: equal.path, longUrl: equal.longUrl, title: 'Spring' },
			{ shortUrl: retitled.shortUrl, longUrl: retitled.longUrl, title: 'Summer' },
			{ path: retagged.path, longUrl: retagged.longUrl, tags: 'promo, spring' },
			{ path: 'new-one', longUrl: 'https://example.com/new-one', title: 'New one' },
			{
				shortUrl: 'https://sho.rt/new-two',
				longUrl: 'https://example.com/new-two',
				utm_source: 'sheet',
			},
		];
		return { rows, links: { equal, retitled, retagged } };
	}

	it('creates the missing links, updates only the differing fields, leaves equal rows alone', async () => {
		const { rows, links } = sheet();

		const { items, error, run } = await ls.run(syncMany(), rows);

		expect(error).toBeUndefined();
		expect(hintsOf(run)).toEqual(['2 created, 2 updated, 1 unchanged']);
		expect(pairedIndices(items)).toEqual([0, 1, 2, 3, 4]);
		expect(actions(items)).toEqual([
			['unchanged', []],
			['updated', ['title']],
			['updated', ['tags']],
			['created', []],
			['created', []],
		]);
		const creates = ls.requestsTo(BULK_CREATE_PATH);
		expect(creates.map((request) => request.body)).toEqual([
			[
				{ longUrl: 'https://example.com/new-one', title: 'New one', path: 'new-one' },
				{
					longUrl: 'https://example.com/new-two?utm_source=sheet',
					path: 'new-two',
					domain: expect.any(String),
				},
			],
		]);
		expect(ls.requestsTo(BULK_UPDATE_PATH).map((request) => request.body)).toEqual([
			[
				{ id: links.retitled.id, title: 'Summer' },
				{ id: links.retagged.id, tags: [{ name: 'promo' }, { name: 'spring' }] },
			],
		]);
		expect(items[1].json.title).toBe('Summer');
		expect(items[4].json.shortUrl).toBe('https://sho.rt/new-two');
	});

	it('a second run of the same sheet costs only the look-up: every item unchanged', async () => {
		const { rows } = sheet();
		await ls.run(syncMany(), rows);
		ls.sandbox.clearRequests();

		const { items, error } = await ls.run(syncMany(), rows);

		expect(error).toBeUndefined();
		expect(actions(items).every(([action]) => action === 'unchanged')).toBe(true);
		expect(writes()).toEqual([]);
		expect(ls.sandbox.requests.every((request) => request.path === LIST)).toBe(true);
	});

	it('Dry Run: the same items and actions, without a single write', async () => {
		const { rows } = sheet();
		const before = ls.sandbox.links.size;

		const { items, error, run } = await ls.run(syncMany({ options: { dryRun: true } }), rows);

		expect(error).toBeUndefined();
		expect(actions(items).map(([action]) => action)).toEqual([
			'unchanged',
			'updated',
			'updated',
			'created',
			'created',
		]);
		expect(writes()).toEqual([]);
		expect(ls.sandbox.links.size).toBe(before);
		expect(hintsOf(run)).toEqual([
			'Dry run, nothing written: 2 created, 2 updated, 1 unchanged if synced.',
		]);
	});

	it('matches by long URL: the newest link with it, updated where it differs, created where there is none', async () => {
		const [existing] = ls.sandbox.addLinks(1, {
			longUrl: 'https://example.com/by-long',
			title: 'Old',
		});
		const rows = [
			{ longUrl: 'https://example.com/by-long', title: 'New title' },
			{ longUrl: 'https://example.com/not-yet', title: 'Fresh' },
		];

		const { items, error } = await ls.run(syncMany({ matchBy: 'longUrl' }), rows);

		expect(error).toBeUndefined();
		expect(actions(items)).toEqual([
			['updated', ['title']],
			['created', []],
		]);
		expect(ls.requestsTo(BULK_UPDATE_PATH)[0].body).toEqual([
			{ id: existing.id, title: 'New title' },
		]);
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/not-yet', title: 'Fresh' },
		]);
	});

	it('refuses a row that names a link an earlier row named, and a short URL on an unknown host', async () => {
		const rows = [
			{ path: 'twice', longUrl: 'https://example.com/a' },
			{ path: 'twice', longUrl: 'https://example.com/b' },
			{ shortUrl: 'https://elsewhere.example/x', longUrl: 'https://example.com/c' },
		];

		const stopped = await ls.run(syncMany(), rows);
		expect(stopped.error?.message).toBe(
			'Not synced: input item 1: input item 0 names the same link; a sheet must name each link once',
		);
		expect(writes()).toEqual([]);

		ls.sandbox.clearRequests();
		const { items, error } = await ls.run(syncMany(), rows, { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error ?? item.json.syncAction)).toEqual([
			'created',
			'Not synced: input item 1: input item 0 names the same link; a sheet must name each link once',
			"Not synced: input item 2: the host elsewhere.example of its short URL is none of the account's verified domains",
		]);
		expect(ls.requestsTo(BULK_CREATE_PATH).map((request) => request.bodyItems)).toEqual([1]);
	});

	it('a lost create answer is looked up: every row exists once', async () => {
		ls.sandbox.injectFault({
			method: 'POST',
			path: BULK_CREATE_PATH,
			fault: { kind: 'dropAfterApply' },
		});
		const rows = Array.from({ length: 30 }, (_, i) => ({
			path: `lost-${i}`,
			longUrl: `https://example.com/lost/${i}`,
		}));

		const { items, error } = await ls.run(syncMany(), rows);

		expect(error).toBeUndefined();
		expect(items.every((item) => item.json.syncAction === 'created')).toBe(true);
		expect(ls.requestsTo(BULK_CREATE_PATH)).toHaveLength(1);
		const created = [...ls.sandbox.links.values()].filter((link) => link.path.startsWith('lost-'));
		expect(created).toHaveLength(30);
	});

	it('Map Each Field Below: the link from Short URL or Path, the fields from Additional Fields', async () => {
		const [link] = ls.sandbox.addLinks(1, { title: 'Before' });
		const parameters = syncMany({
			mappingMode: 'defineBelow',
			longUrl: '={{ $json.url }}',
			linkRef: '={{ $json.ref }}',
			additionalFields: { title: '={{ $json.name }}' },
		});

		const { items, error } = await ls.run(parameters, [
			{ url: link.longUrl, ref: link.shortUrl, name: 'After' },
			{ url: 'https://example.com/below', ref: 'below', name: 'Below' },
		]);

		expect(error).toBeUndefined();
		expect(actions(items)).toEqual([
			['updated', ['title']],
			['created', []],
		]);
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/below', title: 'Below', path: 'below' },
		]);
	});

	it('says which long URLs had utm_* parameters the UTM fields replaced, as Create Many does', async () => {
		const rows = [
			{ path: 'utm-kept', longUrl: 'https://example.com/utm-kept' },
			{
				path: 'utm-replaced',
				longUrl: 'https://example.com/utm-replaced?utm_source=old',
				utm_source: 'sheet',
			},
		];

		const { error, run } = await ls.run(syncMany(), rows);

		expect(error).toBeUndefined();
		expect(hintsOf(run)).toEqual([
			'2 created, 0 updated, 0 unchanged',
			'The UTM fields replaced utm_* parameters that 1 long URL(s) already had (first: input item 1, utm_source).',
		]);
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/utm-kept', path: 'utm-kept' },
			{ longUrl: 'https://example.com/utm-replaced?utm_source=sheet', path: 'utm-replaced' },
		]);
	});

	it('refuses a Batch Size above 10,000 before any request, as Create Many does', async () => {
		const { rows } = sheet();
		ls.sandbox.clearRequests();

		const { error } = await ls.run(syncMany({ options: { batchSize: 10_001 } }), rows);

		expect(ls.sandbox.requests).toHaveLength(0);
		expect(error?.message).toBe(
			'Invalid Batch Size (options.batchSize): 10001 is not a whole number from 1 to 10000',
		);
	});

	it('shows the same link fields as Create Many, from one definition', () => {
		const fields = new LinkShortener().description.properties;
		const shown = (operation: string, name: string) =>
			fields
				.filter((field) => field.displayOptions?.show?.operation?.includes(operation))
				.flatMap((field) => [field, ...((field.options ?? []) as INodeProperties[])])
				.find((field) => field.name === name);
		const definition = (field: INodeProperties) => ({
			...field,
			displayOptions: {},
			required: false,
		});
		for (const name of ['longUrl', 'domain', 'expiredAt', 'tags', 'utmSource']) {
			const inCreate = definition(shown('createMany', name)!);
			const inSync = definition(shown('syncMany', name)!);
			expect(inSync).toEqual(inCreate);
		}
	});
});
