/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';
import { linkKey } from '../../nodes/LinkShortener/trigger/clickState';
import { useLinkShortener } from '../helpers/fixture';

const ANALYTICS = '/v1/analytics/clicks';
const byId = <T extends { id: string }>(links: T[]) =>
	[...links].sort((a, b) => (a.id < b.id ? -1 : 1)).map((link) => link.id);
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** D21: Link Clicked and Link Reached a Click Count emit at most Max Links Per Poll links a poll. */
describe('Link Shortener Trigger: click events bounded per poll', () => {
	const fx = useLinkShortener({ rateLimit: null });
	const trigger = (parameters: INodeParameters) => new LiveTrigger(fx, { parameters });
	/** The items each poll emitted, one poll after another. */
	const pollsOf = (live: LiveTrigger) => {
		const polls: IDataObject[][] = [];
		return {
			polls,
			poll: async () => {
				const before = live.items.length;
				await live.poll();
				expect(live.errors).toEqual([]);
				polls.push(live.items.slice(before));
				return polls[polls.length - 1];
			},
		};
	};
	const idsOf = (items: IDataObject[]) => items.map((item) => String(item.id));

	it('3 × the bound of links clicked in one interval come over 3 polls, each once, waited longest first, with every click counted', async () => {
		const links = fx.sandbox.addLinks(12);
		const live = trigger({ event: 'linkClicked', maxLinksPerPoll: 4 });
		await live.activate();
		const clicksMade: Record<string, number> = {};
		const click = (link: { id: string }, count: number) => {
			fx.sandbox.addClicks(link.id, count);
			clicksMade[link.id] = (clicksMade[link.id] ?? 0) + count;
		};
		// Links emitted later must have a later `since` than the activation's (whole seconds).
		await sleep(1_100);
		links.forEach((link, i) => click(link, 3 - Math.floor(i / 4))); // 3, 3, 3, 3, 2, …, 1
		const { polls, poll } = pollsOf(live);
		const firstPollAt = Date.now();

		// All since the activation: the most new clicks first, then by id.
		expect(idsOf(await poll())).toEqual(byId(links.slice(0, 4)));
		const firstPollEnd = Date.now();
		const [again, , , clickedAgain] = [links[0], 0, 0, links[9]];
		click(again, 2); // emitted, clicked again: due from the first poll on
		click(clickedAgain, 2); // not emitted yet: 3 new clicks now
		const second = await poll();
		expect(idsOf(second)).toEqual([clickedAgain.id, ...byId(links.slice(4, 8)).slice(0, 3)]);
		const leftOfFour = links.slice(4, 8).find((link) => !idsOf(second).includes(link.id))!;
		click(links[10], 1); // 2 new clicks now
		// The rest since the activation before the link emitted in the first poll, though it
		// has more new clicks than two of them.
		expect(idsOf(await poll())).toEqual([
			...byId([links[10], leftOfFour]),
			...byId([links[8], links[11]]),
		]);
		const fourth = await poll();
		expect(fourth).toEqual([expect.objectContaining({ id: again.id, newClicks: 2, clicks: 5 })]);
		// Since its emission by the first poll (whole seconds), later than everyone else's since.
		const since = Date.parse(String(fourth[0].since));
		expect(since).toBeGreaterThanOrEqual(firstPollAt - 1000);
		expect(since).toBeLessThanOrEqual(firstPollEnd);
		expect(since).toBeGreaterThan(
			Math.max(...polls[2].map((item) => Date.parse(String(item.since)))),
		);
		expect(await poll()).toEqual([]);

		expect(polls.map((items) => items.length)).toEqual([4, 4, 4, 1, 0]);
		const firstThree = polls.slice(0, 3).flat();
		expect(repeated(idsOf(firstThree))).toEqual([]);
		expect(new Set(idsOf(firstThree))).toEqual(new Set(links.map((link) => link.id)));
		// newClicks: every click since the link was last emitted, the clicks between polls too.
		const counted: Record<string, number> = {};
		for (const item of live.items)
			counted[String(item.id)] = (counted[String(item.id)] ?? 0) + Number(item.newClicks);
		expect(counted).toEqual(clicksMade);
		expect(firstThree.every((item) => item.clicks === item.newClicks)).toBe(true);
		expect(firstThree.every((item) => item.shortUrl && item.title !== undefined)).toBe(true);
	});

	it('0: no bound, every link due in one poll, in the same order', async () => {
		const links = fx.sandbox.addLinks(12);
		const live = trigger({ event: 'linkClicked', maxLinksPerPoll: 0 });
		await live.activate();
		links.forEach((link, i) => fx.sandbox.addClicks(link.id, 1 + (i % 3)));
		await live.poll();

		const most = (clicks: number) => links.filter((_, i) => 1 + (i % 3) === clicks);
		expect(live.errors).toEqual([]);
		expect(idsOf(live.items)).toEqual([...byId(most(3)), ...byId(most(2)), ...byId(most(1))]);
	});

	it('the default bound is 10,000 links a poll: 10,001 come over two polls, each once', async () => {
		const links = fx.sandbox.addLinks(10_001);
		const live = trigger({ event: 'linkClicked' });
		await live.activate();
		for (const link of links) fx.sandbox.addClicks(link.id, 1);
		await live.poll();
		expect(live.items).toHaveLength(10_000);
		await live.poll();

		expect(live.errors).toEqual([]);
		expect(repeated(live.emitted)).toEqual([]);
		expect(new Set(live.emitted)).toEqual(new Set(links.map((link) => link.id)));
	}, 120_000);

	it('Link Reached a Click Count: at most the bound a poll, furthest past the milestone first, then by id; a link not announced stays due', async () => {
		const links = fx.sandbox.addLinks(7);
		const live = trigger({ event: 'clickMilestone', milestone: 2, maxLinksPerPoll: 3 });
		await live.activate();
		const counts = [2, 5, 2, 3, 2, 5, 1];
		links.forEach((link, i) => fx.sandbox.addClicks(link.id, counts[i]));
		const { polls, poll } = pollsOf(live);
		const at = (...indexes: number[]) => indexes.map((i) => links[i]);

		expect(idsOf(await poll())).toEqual([...byId(at(1, 5)), links[3].id]);
		fx.sandbox.addClicks(links[6].id, 2); // reaches 2: 3 clicks, ahead of those at 2
		fx.sandbox.addClicks(links[1].id, 4); // announced already: never again
		expect(idsOf(await poll())).toEqual([links[6].id, ...byId(at(0, 2, 4)).slice(0, 2)]);
		const last = await poll();
		expect(await poll()).toEqual([]);

		expect(polls.map((items) => items.length)).toEqual([3, 3, 1, 0]);
		expect(repeated(live.emitted)).toEqual([]);
		expect(new Set(live.emitted)).toEqual(new Set(links.map((link) => link.id)));
		expect(last).toEqual([
			expect.objectContaining({ id: byId(at(0, 2, 4))[2], clicks: 2, milestone: 2 }),
		]);
	});

	it.each(['linkClicked', 'clickMilestone'])(
		'%s: a Max Links Per Poll that is not a whole number of at least 0 is refused, naming it, before any request',
		async (event) => {
			for (const maxLinksPerPoll of [-1, 2.5, 'many']) {
				const live = trigger({ event, milestone: 5, maxLinksPerPoll });
				fx.sandbox.clearRequests();
				await live.poll();

				expect(live.errors.map((error) => error.message)).toEqual([
					`Invalid Max Links Per Poll (maxLinksPerPoll): ${maxLinksPerPoll} is not a whole number of at least 0`,
				]);
				expect(
					live.errors.map((error) => (error as Error & { description?: string }).description),
				).toEqual(['Check the "Max Links Per Poll" field. Nothing was sent.']);
				expect(fx.sandbox.requests).toEqual([]);
			}
		},
	);

	describe('a state saved before the bound existed is read back, and a new bound keeps it', () => {
		const [spring, launch, docs] = SEEDED.ownLinks;
		const activatedAt = Date.parse('2026-11-01T08:00:00.000Z');
		/** The state as 0.2.0's successors wrote it: no bound in the setting. */
		const savedState = (event: string, setting: string, bases: string, reached: string) => ({
			clicks: {
				version: 1,
				event,
				setting,
				epoch: 'm4x2-activation',
				generation: 7,
				activatedAt: new Date(activatedAt).toISOString(),
				bases,
				reached,
				lastDay: null,
				listing: null,
			},
		});

		it('Link Clicked: the saved bases and since are used, whatever the bound, and changing the bound restarts nothing', async () => {
			const live = trigger({ event: 'linkClicked', maxLinksPerPoll: 1 });
			// spring: 20 clicks at activation; launch: 12, emitted an hour after it (3600 s = 2s0);
			// docs: 4 at activation.
			const bases = `${linkKey(spring.id)}k.0,${linkKey(launch.id)}c.2s0,${linkKey(docs.id)}4.0`;
			Object.assign(
				live.staticData,
				savedState('linkClicked', '{"minNewClicks":1,"milestone":1,"graceMinutes":0}', bases, ''),
			);
			fx.sandbox.addClicks(spring.id, 1);
			fx.sandbox.addClicks(launch.id, 3);
			fx.sandbox.addClicks(docs.id, 2);
			await live.poll();
			live.workflow.getNode('Trigger')!.parameters.maxLinksPerPoll = 0;
			await live.poll();

			expect(live.errors).toEqual([]);
			const at = (seconds: number) => new Date(activatedAt + seconds * 1000).toISOString();
			expect(live.items.map((item) => [item.id, item.clicks, item.newClicks, item.since])).toEqual([
				[docs.id, 6, 2, at(0)],
				[spring.id, 21, 1, at(0)],
				[launch.id, 15, 3, at(3600)],
			]);
			// The same activation goes on: its epoch, the next generations.
			expect(live.saved.clicks).toMatchObject({ epoch: 'm4x2-activation', generation: 9 });
		});

		it('Link Reached a Click Count: links marked reached stay so; the others are announced', async () => {
			const live = trigger({ event: 'clickMilestone', milestone: 1, maxLinksPerPoll: 2 });
			Object.assign(
				live.staticData,
				savedState(
					'clickMilestone',
					'{"minNewClicks":1,"milestone":1,"graceMinutes":0}',
					'',
					linkKey(spring.id),
				),
			);
			fx.sandbox.clearRequests();
			await live.poll();
			await live.poll();

			expect(live.errors).toEqual([]);
			expect(fx.requestsTo(ANALYTICS)).toHaveLength(2);
			expect(live.emitted).not.toContain(spring.id);
			expect(live.emitted.slice(0, 2)).toEqual([launch.id, docs.id]);
			expect(repeated(live.emitted)).toEqual([]);
		});
	});
});
