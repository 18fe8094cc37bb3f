/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';
import { useLinkShortener } from '../helpers/fixture';

const ANALYTICS = '/v1/analytics/clicks';
const [spring, launch, docs] = SEEDED.ownLinks;

/** D16: the trigger's click events, from totals only: exact whatever the volume. */
describe('Link Shortener Trigger: click events', () => {
	const fx = useLinkShortener({ rateLimit: null });
	const trigger = (parameters: INodeParameters) => new LiveTrigger(fx, { parameters });
	/** A visitor opening a short link on the sandbox: a redirect and a click. */
	const visit = async (link: { path: string }, headers: Record<string, string> = {}) => {
		const response = await fetch(`${fx.sandbox.origin}/${link.path}`, {
			redirect: 'manual',
			headers,
		});
		expect(response.status).toBe(302);
	};
	const analyticsRequests = () => fx.requestsTo(ANALYTICS).length;
	const otherRequests = () => fx.sandbox.requests.filter((r) => r.path !== ANALYTICS).length;

	describe('Link Clicked', () => {
		it('emits nothing at activation, then each link whose clicks grew, with clicks, newClicks and since', async () => {
			const live = trigger({ event: 'linkClicked' });
			const before = Date.now();
			await live.activate();
			expect(live.items).toEqual([]);

			await visit(launch, { 'X-Country': 'FR', Referer: 'https://news.example.org/a' });
			await visit(launch);
			await visit(docs);
			fx.sandbox.clearRequests();
			await live.poll();

			expect(live.items).toEqual([
				expect.objectContaining({
					id: launch.id,
					shortUrl: `https://go.example.com/${launch.path}`,
					longUrl: launch.longUrl,
					title: launch.title,
					clicks: 14,
					newClicks: 2,
				}),
				expect.objectContaining({ id: docs.id, clicks: 5, newClicks: 1 }),
			]);
			expect(Date.parse(String(live.items[0].since))).toBeGreaterThanOrEqual(before - 1000);
			// One analytics request, then one GET per emitted link (2 ≤ ⌈links / page⌉ + 1).
			expect(analyticsRequests()).toBe(1);
			expect(otherRequests()).toBe(2);
		});

		it('an idle poll costs exactly one analytics request and emits nothing; since moves to the last emission', async () => {
			const live = trigger({ event: 'linkClicked' });
			await live.activate();
			await visit(spring);
			const firstPoll = Date.now();
			await live.poll();
			const firstSince = Date.now();
			fx.sandbox.clearRequests();
			await live.poll();
			expect(fx.sandbox.requests.map((r) => r.path)).toEqual([ANALYTICS]);

			await visit(spring);
			await live.poll();

			expect(live.items.map((item) => [item.id, item.clicks, item.newClicks])).toEqual([
				[spring.id, 21, 1],
				[spring.id, 22, 1],
			]);
			// The second emission's since is the first one's time (to the second).
			expect(Date.parse(String(live.items[1].since))).toBeLessThanOrEqual(firstSince);
			expect(Date.parse(String(live.items[1].since))).toBeGreaterThanOrEqual(firstPoll - 1000);
		});

		it('Min New Clicks 3: a link waits until it has 3 new clicks, then counts all of them', async () => {
			const live = trigger({ event: 'linkClicked', minNewClicks: 3 });
			await live.activate();
			fx.sandbox.addClicks(spring.id, 2);
			await live.poll();
			expect(live.items).toEqual([]);
			fx.sandbox.addClicks(spring.id, 1);
			await live.poll();

			expect(live.items.map((item) => [item.id, item.newClicks])).toEqual([[spring.id, 3]]);
		});

		it('a total that went down becomes the base silently: newClicks is never negative', async () => {
			const live = trigger({ event: 'linkClicked' });
			await live.activate();
			fx.sandbox.injectFault({
				path: ANALYTICS,
				fault: { kind: 'replaceElements', elements: { '0': { value: spring.id, clicks: 5 } } },
			});
			await live.poll();
			fx.sandbox.addClicks(spring.id, 0);
			await live.poll();

			expect(live.items.map((item) => [item.id, item.clicks, item.newClicks])).toEqual([
				[spring.id, 20, 15],
			]);
			expect(live.items.every((item) => Number(item.newClicks) > 0)).toBe(true);
		});

		it('a link since deleted still comes, with linkFound: false', async () => {
			const live = trigger({ event: 'linkClicked' });
			await live.activate();
			fx.sandbox.addClicks(docs.id, 2);
			fx.sandbox.links.delete(docs.id);
			await live.poll();

			expect(live.items).toEqual([
				expect.objectContaining({ id: docs.id, clicks: 6, newClicks: 2, linkFound: false }),
			]);
		});

		it('overlapping polls emit each click once', async () => {
			const live = trigger({ event: 'linkClicked' });
			await live.activate();
			fx.sandbox.setLatency(40);
			const polls: Array<Promise<void>> = [];
			for (let tick = 0; tick < 6; tick++) {
				fx.sandbox.addClicks(launch.id, 1);
				polls.push(live.poll());
				await new Promise((resolve) => setTimeout(resolve, 15));
			}
			await Promise.all(polls);
			fx.sandbox.setLatency(0);
			await live.poll();

			expect(live.errors).toEqual([]);
			expect(live.items.reduce((sum, item) => sum + Number(item.newClicks), 0)).toBe(6);
			expect(live.items[live.items.length - 1].clicks).toBe(18);
		});
	});

	describe('Link Reached a Click Count', () => {
		it('announces each link once when it reaches the milestone; one already past it at activation never', async () => {
			const live = trigger({ event: 'clickMilestone', milestone: 13 });
			await live.activate();
			await visit(launch);
			await live.poll();
			await visit(launch);
			fx.sandbox.addClicks(docs.id, 20);
			await live.poll();
			await live.poll();

			expect(live.items.map((item) => [item.id, item.clicks, item.milestone])).toEqual([
				[launch.id, 13, 13],
				[docs.id, 24, 13],
			]);
			expect(repeated(live.emitted)).toEqual([]);
		});
	});

	describe('Day Completed', () => {
		it('notes the last complete day at activation; a poll with no day due asks nothing', async () => {
			const live = trigger({ event: 'dayCompleted', graceMinutes: 0 });
			await live.activate();
			fx.sandbox.clearRequests();
			await live.poll();

			expect(live.items).toEqual([]);
			expect(fx.sandbox.requests).toEqual([]);
		});

		it('days missed while inactive come on the next poll, oldest first, from group_by=day (of one link when set)', async () => {
			const live = trigger({
				event: 'dayCompleted',
				graceMinutes: 0,
				linkId: { __rl: true, mode: 'id', value: spring.id },
			});
			await live.activate();
			// The saved state as if the workflow had been off since 2024-03-03.
			const state = live.staticData.clicks as IDataObject;
			state.lastDay = '2024-03-03';
			Object.assign(live.staticData, { clicks: state });
			fx.sandbox.clearRequests();
			await live.poll();

			expect(fx.requestsTo(ANALYTICS).map((r) => r.query)).toEqual([
				{ group_by: 'day', link_id: spring.id },
			]);
			// At most 31 days back: the workflow was off far longer.
			expect(live.items).toHaveLength(31);
			const days = live.items.map((item) => String(item.day));
			expect(days).toEqual([...days].sort());
			const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
			expect(days[days.length - 1]).toBe(yesterday);
			expect(live.items.every((item) => item.clicks === 0)).toBe(true);
		});

		it('a Link that is not an ID is refused, naming the trigger setting, before any request', async () => {
			const live = trigger({
				event: 'dayCompleted',
				graceMinutes: 0,
				linkId: { __rl: true, mode: 'id', value: 'not-a-uuid' },
			});
			fx.sandbox.clearRequests();
			await live.poll();

			expect(live.errors.map((error) => error.message)).toEqual([
				expect.stringMatching(/^Invalid Link ID \(linkId\): "not-a-uuid" is not a UUID/),
			]);
			expect(fx.sandbox.requests).toEqual([]);
		});
	});

	it('saved state: at most 24 bytes a clicked link for 100,000 clicked links', async () => {
		const links = fx.sandbox.addLinks(100_000);
		for (const link of links) fx.sandbox.addClicks(link.id, 1 + (link.sequence % 7));
		const live = trigger({ event: 'linkClicked' });
		await live.activate();

		const bytes = JSON.stringify(live.staticData).length;
		expect(bytes).toBeLessThanOrEqual(24 * 100_003);
		for (const link of links.slice(0, 500)) fx.sandbox.addClicks(link.id, 1);
		fx.sandbox.clearRequests();
		await live.poll();
		expect(live.items).toHaveLength(500);
		expect(analyticsRequests()).toBe(1);
	}, 120_000);

	it('an unreadable saved state fails one poll with a clear error; the next starts afresh', async () => {
		const live = trigger({ event: 'linkClicked' });
		await live.activate();
		Object.assign(live.staticData, {
			clicks: { ...(live.staticData.clicks as IDataObject), bases: 7 },
		});
		await live.poll();
		await visit(spring);
		await live.poll();
		await visit(spring);
		await live.poll();

		expect(live.errors.map((error) => error.message)).toEqual([
			"The trigger's saved position cannot be read: the links are not readable",
		]);
		expect(live.items.map((item) => [item.id, item.newClicks])).toEqual([[spring.id, 1]]);
	});
});
