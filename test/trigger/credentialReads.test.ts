import { LiveTrigger } from '../../dev/engine/liveTrigger';
import { useLinkShortener } from '../helpers/fixture';

/**
 * n8n reads a credential from its database and decrypts it at every read (about 2 ms in n8n
 * 2.41.1), and keeps one poll context for all the polls of an activation: a poll reads it
 * once, however many requests it sends, and the next poll reads it afresh.
 */
describe('the trigger reads its credential once a poll', () => {
	const fx = useLinkShortener({ rateLimit: null, pageSizeCap: 7 });

	it('Link Clicked: one read for a poll of an analytics request and a listing of many pages', async () => {
		const links = fx.sandbox.addLinks(60);
		const live = new LiveTrigger(fx, { parameters: { event: 'linkClicked' } });
		await live.activate();
		for (const link of links) fx.sandbox.addClicks(link.id, 1);
		const readsBefore = live.credentialsHelper.reads;
		fx.sandbox.clearRequests();
		await live.poll();

		expect(live.errors).toEqual([]);
		expect(live.items).toHaveLength(60);
		expect(fx.sandbox.requests.length).toBeGreaterThan(5);
		expect(live.credentialsHelper.reads - readsBefore).toBe(1);
	});

	it('New Link: one read a poll, and a key changed between polls is used by the next poll', async () => {
		const live = new LiveTrigger(fx);
		await live.activate();
		fx.sandbox.addLinks(30, { createdAt: new Date(Date.now() - 5_000).toISOString() });
		const readsBefore = live.credentialsHelper.reads;
		fx.sandbox.clearRequests();
		await live.poll();
		expect(live.emitted).toHaveLength(30);
		expect(fx.sandbox.requests.length).toBeGreaterThan(2);
		expect(live.credentialsHelper.reads - readsBefore).toBe(1);

		live.credentialsHelper.setCredentials({
			linkShortenerApi: { baseUrl: fx.sandbox.baseUrl, apiKey: 'a-revoked-key' },
		});
		await live.poll();
		expect(live.errors.map((error) => error.message).join()).toMatch(/401|key/i);
		expect(live.credentialsHelper.reads - readsBefore).toBe(2);
	});
});
