import { SEEDED } from '../../dev/sandbox/server';
import { BULK_UPDATE_PATH, syncMany, updateMany } from '../helpers/bulk';
import { dayCompletedPoll } from '../helpers/dayCompleted';
import { useLinkShortener } from '../helpers/fixture';

const [spring] = SEEDED.ownLinks;
const SHORT = `https://${SEEDED.defaultDomain.domainName}/${spring.path}`;
const host = SEEDED.defaultDomain.domainName;

/** D14, everywhere the same: a short URL as people paste it still names its link. */
const VARIANTS: Array<[string, string]> = [
	['http:// for an https:// link', `http://${host}/${spring.path}`],
	['its host in capitals', `https://${host.toUpperCase()}/${spring.path}`],
	['a trailing slash', `${SHORT}/`],
	['a query string', `${SHORT}?utm_source=newsletter`],
	['a fragment', `${SHORT}#top`],
];

describe('A short URL is matched by host without case and path, everywhere (D14)', () => {
	const fx = useLinkShortener({ rateLimit: null });
	const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });

	describe.each(VARIANTS)('given with %s', (_name, url) => {
		it('Link > Get finds it', async () => {
			const { items, error } = await fx.run({
				resource: 'link',
				operation: 'get',
				linkId: byUrl(url),
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json.id)).toEqual([spring.id]);
		});

		it('Link > Update updates it', async () => {
			const { error } = await fx.run({
				resource: 'link',
				operation: 'update',
				linkId: byUrl(url),
				updateFields: { title: 'Found' },
			});
			expect(error).toBeUndefined();
			expect(fx.requestsTo(BULK_UPDATE_PATH).map((r) => r.body)).toEqual([
				[{ id: spring.id, title: 'Found' }],
			]);
		});

		it('Analytics > Get Clicks asks for its clicks', async () => {
			const { error } = await fx.run({
				resource: 'analytics',
				operation: 'getClicks',
				groupBy: 'country',
				linkId: byUrl(url),
			});
			expect(error).toBeUndefined();
			expect(fx.requestsTo('/v1/analytics/clicks').map((r) => r.query?.link_id)).toEqual([
				spring.id,
			]);
		});

		it('Update Many and Sync Many find it', async () => {
			const updated = await fx.run(updateMany({ mappingMode: 'autoMap' }), [
				{ shortUrl: url, title: 'Updated' },
			]);
			expect(updated.error).toBeUndefined();
			expect(updated.items.map((item) => item.json.id)).toEqual([spring.id]);

			const synced = await fx.run(syncMany(), [{ shortUrl: url, longUrl: spring.longUrl }]);
			expect(synced.error).toBeUndefined();
			expect(synced.items.map((item) => [item.json.id, item.json.syncAction])).toEqual([
				[spring.id, 'unchanged'],
			]);
		});

		it('the trigger’s Day Completed asks for its clicks', async () => {
			await dayCompletedPoll(fx, url);

			expect(fx.requestsTo('/v1/analytics/clicks').map((r) => r.query)).toEqual([
				{ group_by: 'day', link_id: spring.id },
			]);
		});
	});

	it('a short URL that names no link stays an error that names it', async () => {
		const { error } = await fx.run({
			resource: 'link',
			operation: 'get',
			linkId: byUrl(`https://${host}/no-such-link`),
		});
		expect(error?.message).toBe(`No link has the short URL https://${host}/no-such-link`);
	});
});
