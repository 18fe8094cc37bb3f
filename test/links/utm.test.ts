import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { hintsOf } from '../helpers/hints';
import { BULK_CREATE_PATH, BULK_UPDATE_PATH, createMany, updateMany } from '../helpers/bulk';

const [own0, own1] = SEEDED.ownLinks.map((link) => link.id);

describe('UTM parameters (D12)', () => {
	const ls = useLinkShortener();
	const create = (parameters: object) => ({ resource: 'link', operation: 'create', ...parameters });

	it('Link > Create adds the UTM fields to the query, percent-encoded, after the parameters already there, fragment kept', async () => {
		const { items, error } = await ls.run(
			create({
				longUrl: 'https://example.com/sale?ref=a%20b&x=1#top',
				additionalFields: {
					utmSource: 'news letter',
					utmMedium: 'e-mail',
					utmCampaign: 'spring&summer',
					utmTerm: 'ä',
					utmContent: '1/2',
				},
			}),
		);

		expect(error).toBeUndefined();
		const sent =
			'https://example.com/sale?ref=a%20b&x=1&utm_source=news%20letter&utm_medium=e-mail&utm_campaign=spring%26summer&utm_term=%C3%A4&utm_content=1%2F2#top';
		expect(ls.requestsTo('/v1/links/').map((request) => request.body)).toEqual([{ longUrl: sent }]);
		expect(items[0].json.longUrl).toBe(sent);
		expect(new URL(sent).searchParams.get('utm_campaign')).toBe('spring&summer');
	});

	it('replaces the same utm_* keys in place and drops their repeats, keeping every other parameter', async () => {
		const { error } = await ls.run(
			create({
				longUrl:
					'https://example.com/?utm_source=old&keep=1&UTM_MEDIUM=x&utm_source=again&utm_medium=web',
				additionalFields: { utmSource: 'new', utmMedium: 'web' },
			}),
		);

		expect(error).toBeUndefined();
		expect(ls.requestsTo('/v1/links/')[0].body).toEqual({
			longUrl: 'https://example.com/?utm_source=new&keep=1&UTM_MEDIUM=x&utm_medium=web',
		});
	});

	it('leaves the long URL as it is when no UTM field is set', async () => {
		await ls.run(
			create({ longUrl: 'https://example.com/plain', additionalFields: { utmSource: '' } }),
		);

		expect(ls.requestsTo('/v1/links/')[0].body).toEqual({ longUrl: 'https://example.com/plain' });
	});

	it('refuses a UTM value that is not text before any request, naming the field and the row', async () => {
		const { error } = await ls.run(
			create({
				longUrl: 'https://example.com/a',
				additionalFields: { utmSource: '={{ { a: 1 } }}' },
			}),
		);

		expect(error?.message).toBe('Invalid UTM Source in item 0: it must be text');
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('Bulk > Create Many (auto-map) reads the utm_* columns of each item', async () => {
		const rows = [
			{ longUrl: 'https://example.com/1', utm_source: 'sheet', utm_campaign: 'q1' },
			{ longUrl: 'https://example.com/2?utm_source=x', utm_source: 'sheet', other: 'ignored' },
			{ longUrl: 'https://example.com/3' },
		];
		const { items, error, run } = await ls.run(createMany({ mappingMode: 'autoMap' }), rows);

		expect(error).toBeUndefined();
		expect(hintsOf(run)).toEqual([
			'The UTM fields replaced utm_* parameters that 1 long URL(s) already had (first: input item 1, utm_source).',
			'Map Automatically did not use these columns: other. Columns are matched to the link fields by name, in any case, with spaces, "_", "-" and "." ignored.',
		]);
		const [request] = ls.requestsTo(BULK_CREATE_PATH);
		expect(request.body).toEqual([
			{ longUrl: 'https://example.com/1?utm_source=sheet&utm_campaign=q1' },
			{ longUrl: 'https://example.com/2?utm_source=sheet' },
			{ longUrl: 'https://example.com/3' },
		]);
		expect(items.map((item) => item.json.longUrl)).toEqual(
			(request.body as Array<{ longUrl: string }>).map((e) => e.longUrl),
		);
	});

	it('Bulk > Create Many (define below) reads the UTM fields per row', async () => {
		const { error } = await ls.run(
			createMany({
				longUrl: '={{ $json.url }}',
				additionalFields: { utmSource: '={{ $json.src }}' },
			}),
			[
				{ url: 'https://example.com/a', src: 'one' },
				{ url: 'https://example.com/b', src: 'two' },
			],
		);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_CREATE_PATH)[0].body).toEqual([
			{ longUrl: 'https://example.com/a?utm_source=one' },
			{ longUrl: 'https://example.com/b?utm_source=two' },
		]);
	});

	it('Link > Update applies the UTM fields to a new long URL', async () => {
		const { error } = await ls.run({
			resource: 'link',
			operation: 'update',
			linkId: { __rl: true, mode: 'id', value: own0 },
			updateFields: { longUrl: 'https://example.com/new', utmCampaign: 'relaunch' },
		});

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_UPDATE_PATH)[0].body).toEqual([
			{ id: own0, longUrl: 'https://example.com/new?utm_campaign=relaunch' },
		]);
		expect(ls.sandbox.links.get(own0)?.longUrl).toBe(
			'https://example.com/new?utm_campaign=relaunch',
		);
	});

	it('Bulk > Update Many applies UTM fields and utm_* columns only to rows that give a long URL', async () => {
		const { error } = await ls.run(updateMany({ mappingMode: 'autoMap' }), [
			{ id: own0, longUrl: 'https://example.com/x', utm_medium: 'sms' },
			{ id: own1, title: 'Only a title', utm_medium: 'sms' },
		]);

		expect(error).toBeUndefined();
		expect(ls.requestsTo(BULK_UPDATE_PATH)[0].body).toEqual([
			{ id: own0, longUrl: 'https://example.com/x?utm_medium=sms' },
			{ id: own1, title: 'Only a title' },
		]);
	});
});
