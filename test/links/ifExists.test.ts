import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';

const LIST_PATH = '/v1/links/list';

describe('If Link Exists: Return Existing (D11) in Link > Create', () => {
	const ls = useLinkShortener();
	const create = (parameters: object) => ({ resource: 'link', operation: 'create', ...parameters });
	const returnExisting = { ifExists: 'returnExisting' };
	const linkCount = () => ls.sandbox.links.size;

	describe('Link > Create', () => {
		it("returns the newest link with exactly this long URL, the look-up's record, instead of creating one", async () => {
			const [older] = ls.sandbox.addLinks(1, {
				longUrl: 'https://example.com/exists',
				createdAt: '2024-05-01T00:00:00.000Z',
			});
			const [newer] = ls.sandbox.addLinks(1, {
				longUrl: 'https://example.com/exists',
				createdAt: '2024-06-01T00:00:00.000Z',
			});
			ls.sandbox.addLinks(1, {
				longUrl: 'https://example.com/exists/longer',
				createdAt: '2024-07-01T00:00:00.000Z',
			});
			const before = linkCount();

			const { items, error } = await ls.run(
				create({ longUrl: 'https://example.com/exists', options: returnExisting }),
			);

			expect(error).toBeUndefined();
			// The listing's record is the link: no second request for it (as Create Many).
			expect(ls.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				`POST ${LIST_PATH}`,
			]);
			expect(ls.requestsTo(LIST_PATH)[0].body).toMatchObject({
				search: 'https://example.com/exists',
			});
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				id: newer.id,
				longUrl: 'https://example.com/exists',
				shortUrl: newer.shortUrl,
				title: newer.title,
				linkCreated: false,
			});
			expect(items[0].json.id).not.toBe(older.id);
			expect(linkCount()).toBe(before);
		});

		it('creates the link when only other long URLs contain it, and says so', async () => {
			ls.sandbox.addLinks(1, { longUrl: 'https://example.com/new-page?x=1' });

			const { items, error } = await ls.run(
				create({ longUrl: 'https://example.com/new-page', options: returnExisting }),
			);

			expect(error).toBeUndefined();
			expect(ls.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				`POST ${LIST_PATH}`,
				'POST /v1/links/',
			]);
			expect(items[0].json).toMatchObject({
				longUrl: 'https://example.com/new-page',
				linkCreated: true,
			});
		});

		it('looks up every item of a run at once, compares after UTM, and creates only the missing links', async () => {
			const [tagged] = ls.sandbox.addLinks(1, { longUrl: 'https://example.com/p?utm_source=mail' });
			const input = [
				{ url: 'https://example.com/p', source: 'mail' },
				{ url: SEEDED.ownLinks[0].longUrl, source: '' },
				{ url: 'https://example.com/missing', source: '' },
			];

			const { items, error } = await ls.run(
				create({
					longUrl: '={{ $json.url }}',
					additionalFields: { utmSource: '={{ $json.source }}' },
					options: returnExisting,
				}),
				input,
			);

			expect(error).toBeUndefined();
			// Three URLs, an account of one page: the first page of the listing answers all three.
			expect(ls.requestsTo(LIST_PATH)).toHaveLength(1);
			expect(ls.requestsTo('/v1/links/').map((request) => request.body)).toEqual([
				{ longUrl: 'https://example.com/missing' },
			]);
			expect(
				items.map((item) => [item.json.id === undefined, item.json.linkCreated, item.pairedItem]),
			).toEqual([
				[false, false, { item: 0 }],
				[false, false, { item: 1 }],
				[false, true, { item: 2 }],
			]);
			expect([items[0].json.id, items[1].json.id]).toEqual([tagged.id, SEEDED.ownLinks[0].id]);
		});

		it('looks each row up in the listing of its own API Paths, and creates through them', async () => {
			const [existing] = ls.sandbox.addLinks(1, { longUrl: 'https://example.com/both' });
			const input = [{ paths: 'legacy' }, { paths: 'v1' }];

			const { items, error } = await ls.run(
				create({
					longUrl: 'https://example.com/both',
					options: { ...returnExisting, apiPaths: '={{ $json.paths }}' },
				}),
				input,
			);

			expect(error).toBeUndefined();
			expect(ls.requestsTo('/public/links/list')).toHaveLength(1);
			expect(ls.requestsTo(LIST_PATH)).toHaveLength(1);
			expect(items.map((item) => [item.json.id, item.json.linkCreated])).toEqual([
				[existing.id, false],
				[existing.id, false],
			]);
		});

		it('a new long URL repeated in the input is created once, though rows are sent several at once', async () => {
			const urls = [
				'https://example.com/twice',
				'https://example.com/twice',
				'https://example.com/c',
			];

			const { items, error } = await ls.run(
				create({ longUrl: '={{ $json.url }}', options: returnExisting }),
				urls.map((url) => ({ url })),
			);

			expect(error).toBeUndefined();
			expect(ls.requestsTo('/v1/links/').map((request) => request.body)).toEqual([
				{ longUrl: 'https://example.com/twice' },
				{ longUrl: 'https://example.com/c' },
			]);
			expect(items.map((item) => [item.json.linkCreated, item.pairedItem])).toEqual([
				[true, { item: 0 }],
				[false, { item: 1 }],
				[true, { item: 2 }],
			]);
			expect(items[1].json.id).toBe(items[0].json.id);
		});

		it('when the first row of a repeated long URL is refused, the repeat is not sent and says why (Continue)', async () => {
			const { items, error } = await ls.run(
				create({
					longUrl: 'https://example.com/refused',
					additionalFields: { domain: SEEDED.status4Domain.id },
					options: returnExisting,
				}),
				[{}, {}],
				{ continueOnFail: true },
			);

			expect(error).toBeUndefined();
			expect(ls.requestsTo('/v1/links/')).toHaveLength(1);
			expect(items.map((item) => [String(item.json.error).slice(0, 3), item.pairedItem])).toEqual([
				['422', { item: 0 }],
				['Not', { item: 1 }],
			]);
			expect(items[1].json.error).toBe(
				'Not created: input item 0 has the same long URL and was not created',
			);
		});

		it('the repeats of a refused row are error items saying which row they follow, like Create Many', async () => {
			const { items } = await ls.run(
				create({
					longUrl: 'https://example.com/refused',
					additionalFields: { domain: SEEDED.status4Domain.id },
					options: returnExisting,
				}),
				[{}, {}, {}],
				{ continueOnFail: true },
			);

			expect(ls.requestsTo('/v1/links/')).toHaveLength(1);
			expect(items.slice(1).map((item) => [item.json.details, item.pairedItem])).toEqual([
				[{ inputItem: 1, outcome: 'notCreated', sameLongUrlAs: 0 }, { item: 1 }],
				[{ inputItem: 2, outcome: 'notCreated', sameLongUrlAs: 0 }, { item: 2 }],
			]);
		});

		it('a failed look-up sends nothing: each row says it was not looked up (Continue), else the run stops', async () => {
			ls.sandbox.injectFault({
				method: 'POST',
				path: LIST_PATH,
				times: 1_000,
				fault: { kind: 'status', status: 400 },
			});
			const parameters = create({ longUrl: '={{ $json.url }}', options: returnExisting });
			const rows = [{ url: 'https://example.com/a' }, { url: 'https://example.com/b' }];

			const stopped = await ls.run(parameters, rows);
			expect(stopped.error).toBeDefined();
			const { items, error } = await ls.run(parameters, rows, { continueOnFail: true });

			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.details, item.pairedItem])).toEqual([
				[expect.objectContaining({ outcome: 'notLookedUp' }), { item: 0 }],
				[expect.objectContaining({ outcome: 'notLookedUp' }), { item: 1 }],
			]);
			expect(String(items[0].json.error)).toMatch(
				/^Not sent: the look-up of the account's links failed/,
			);
			expect(ls.sandbox.requests.filter((request) => request.path !== LIST_PATH)).toEqual([]);
		});

		it('with the default (Create Another), creates the link again and adds no linkCreated', async () => {
			const { items } = await ls.run(create({ longUrl: SEEDED.ownLinks[0].longUrl }));

			expect(ls.sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'POST /v1/links/',
			]);
			expect(items[0].json.linkCreated).toBeUndefined();
			expect(items[0].json.id).not.toBe(SEEDED.ownLinks[0].id);
		});
	});
});
