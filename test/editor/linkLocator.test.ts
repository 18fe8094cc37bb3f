import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { NODE_TYPE, useLinkShortener } from '../helpers/fixture';

const [SPRING] = SEEDED.ownLinks;

describe('Link locator', () => {
	const fx = useLinkShortener({ pageSizeCap: 20 });

	const searchLinks = async (
		filter?: string,
		paginationToken?: string,
		options: IDataObject = {},
	) =>
		await fx.engine.listSearch({
			type: NODE_TYPE,
			method: 'searchLinks',
			parameters: { resource: 'link', operation: 'get', options } as INodeParameters,
			filter,
			paginationToken,
			credentials: fx.credentials,
		});

	const getLink = async (mode: 'id' | 'url' | 'list', value: string) =>
		await fx.run({
			resource: 'link',
			operation: 'get',
			linkId: { __rl: true, mode, value },
		} as INodeParameters);

	async function createLink(path: string, domain: string = SEEDED.defaultDomain.id, title = '') {
		const { items, error } = await fx.run({
			resource: 'link',
			operation: 'create',
			longUrl: `https://example.com/${path}`,
			title,
			additionalFields: { path, domain },
		});
		if (error) throw error;
		return items[0].json;
	}

	describe('From List', () => {
		it('finds links by the typed text, named by title and short URL', async () => {
			const { results, paginationToken } = await searchLinks('Spring');

			expect(results).toEqual([
				{
					name: `${SPRING.title} (https://sho.rt/spring)`,
					value: SPRING.id,
					url: 'https://sho.rt/spring',
				},
			]);
			expect(paginationToken).toBeUndefined();
			expect(fx.requestsTo('/v1/links/list')[0].body).toMatchObject({ search: 'Spring', page: 1 });
		});

		it('names an untitled link by its short URL', async () => {
			const link = await createLink('untitled-one');

			const { results } = await searchLinks('untitled-one');

			expect(results).toEqual([{ name: link.shortUrl, value: link.id, url: link.shortUrl }]);
		});

		it('pages with the token, also when the server serves fewer links per page than asked', async () => {
			const created = fx.sandbox.addLinks(45, { title: 'Batch link' });

			const first = await searchLinks('Batch link');
			const second = await searchLinks('Batch link', first.paginationToken);
			const third = await searchLinks('Batch link', second.paginationToken);

			expect([first, second, third].map(({ results }) => results.length)).toEqual([20, 20, 5]);
			expect(first.paginationToken).toBeDefined();
			expect(third.paginationToken).toBeUndefined();
			const listed = [first, second, third].flatMap(({ results }) =>
				results.map((result) => result.value),
			);
			expect(new Set(listed)).toEqual(new Set(created.map((link) => link.id)));
			expect(
				fx.requestsTo('/v1/links/list').map((request) => (request.body as IDataObject).page),
			).toEqual([1, 2, 3]);
		});

		it('lists every link when nothing is typed', async () => {
			const { results } = await searchLinks();

			expect(results.map((result) => result.value)).toEqual(
				expect.arrayContaining(SEEDED.ownLinks.map((link) => link.id)),
			);
			expect(fx.requestsTo('/v1/links/list')[0].body).not.toHaveProperty('search');
		});

		it('follows the node\'s "API Paths" option', async () => {
			await searchLinks('Spring', undefined, { apiPaths: 'legacy' });

			expect(fx.requestsTo('/public/links/list')).toHaveLength(1);
		});
	});

	describe('By ID', () => {
		it('gets the link with that ID', async () => {
			const { items, error } = await getLink('id', SPRING.id);

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual([SPRING.id]);
			expect(fx.requestsTo(`/v1/links/${SPRING.id}`)).toHaveLength(1);
		});
	});

	describe('By Short URL', () => {
		it('resolves the short URL to its link', async () => {
			const { items, error } = await getLink('url', 'https://sho.rt/spring');

			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual([SPRING.id]);
			expect(fx.requestsTo('/v1/links/list')[0].body).toMatchObject({ search: 'spring' });
		});

		it('says so when no link has that short URL', async () => {
			const { error } = await getLink('url', 'https://sho.rt/no-such-link');

			expect(error?.message).toBe('No link has the short URL https://sho.rt/no-such-link');
			expect(fx.requestsTo('/v1/links/')).toHaveLength(0);
		});

		it('takes only the link whose short URL matches exactly, among near matches', async () => {
			// Created first, so that it comes last in the newest-first search results.
			const wanted = await createLink('promo');
			await createLink('promo-2024');
			await createLink('xpromo');
			await createLink('other', SEEDED.defaultDomain.id, 'All about promo');
			const onOtherDomain = await createLink('promo', SEEDED.verifiedDomain.id);

			const onDefault = await getLink('url', 'https://sho.rt/promo');
			const onVerified = await getLink('url', 'https://go.example.com/promo');

			expect(onDefault.items.map((item) => item.json.id)).toEqual([wanted.id]);
			expect(onVerified.items.map((item) => item.json.id)).toEqual([onOtherDomain.id]);
		});
	});
});
