import { SEEDED } from '../../dev/sandbox/server';
import { LiveTrigger } from '../../dev/engine/liveTrigger';
import { useLinkShortener } from '../helpers/fixture';
import { fullReadBound, SERVER_PROFILES, threePagesAndSome } from './profiles';

const ANALYTICS = '/v1/analytics/clicks';

/** D16 bounds of the click events, whatever page size the server serves and whether it gives `total`. */
describe.each(SERVER_PROFILES)('click events against a server with $name', ({ options }) => {
	const fx = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, fx.sandbox.pageSizeCap);
	const visibleLinks = () =>
		[...fx.sandbox.links.values()].filter((link) => link.ownerId !== SEEDED.foreignUserId).length;
	const lookUps = () => fx.sandbox.requests.filter((r) => r.path !== ANALYTICS).length;

	it.each(['linkClicked', 'clickMilestone'])(
		'%s: activation costs the analytics request and one listing page (a full read without `total`); a poll emitting k links one analytics request plus at most min(k, ⌈links / page⌉ + 1) look-ups',
		async (event) => {
			const links = fx.sandbox.addLinks(threePagesAndSome(served()));
			const live = new LiveTrigger(fx, { parameters: { event, milestone: 1 } });
			fx.sandbox.clearRequests();
			await live.activate();
			expect(fx.requestsTo(ANALYTICS)).toHaveLength(1);
			// Without `total`, only a full read of the listing tells its size: once, at activation.
			if (options.omitTotal)
				expect(lookUps()).toBeLessThanOrEqual(fullReadBound(visibleLinks(), served(), false));
			else expect(lookUps()).toBe(1);

			const pages = Math.ceil(visibleLinks() / served());
			for (const k of [1, 3, pages + 2, links.length]) {
				const clicked = links.slice(0, k);
				for (const link of clicked) fx.sandbox.addClicks(link.id, 1);
				fx.sandbox.clearRequests();
				await live.poll();

				expect(live.errors).toEqual([]);
				expect(fx.requestsTo(ANALYTICS)).toHaveLength(1);
				expect(lookUps()).toBeLessThanOrEqual(Math.min(k, pages + 1));
				if (event === 'clickMilestone') break; // each link reaches a count once
			}
			const emitted = live.items.map((item) => item.id);
			expect(new Set(emitted).size).toBe(event === 'linkClicked' ? links.length : 1);
			expect(live.items.every((item) => item.shortUrl && item.title !== undefined)).toBe(true);
		},
	);

	it.each(['linkClicked', 'clickMilestone'])(
		'%s with Max Links Per Poll a third of the links clicked: three polls of at most the bound, each link once, each poll one analytics request and at most min(bound, ⌈links / page⌉ + 1) look-ups',
		async (event) => {
			const links = fx.sandbox.addLinks(threePagesAndSome(served()));
			const bound = Math.ceil(links.length / 3);
			const live = new LiveTrigger(fx, {
				parameters: { event, milestone: 1, maxLinksPerPoll: bound },
			});
			await live.activate();
			for (const link of links) fx.sandbox.addClicks(link.id, 1);
			const pages = Math.ceil(visibleLinks() / served());

			const emittedByPoll: number[] = [];
			for (let poll = 0; poll < 4; poll++) {
				const before = live.items.length;
				fx.sandbox.clearRequests();
				await live.poll();
				emittedByPoll.push(live.items.length - before);
				expect(fx.requestsTo(ANALYTICS)).toHaveLength(1);
				expect(lookUps()).toBeLessThanOrEqual(Math.min(bound, pages + 1));
			}

			expect(live.errors).toEqual([]);
			expect(emittedByPoll).toEqual([bound, bound, links.length - 2 * bound, 0]);
			expect([...live.emitted].sort()).toEqual(links.map((link) => link.id).sort());
			if (event === 'linkClicked')
				expect(live.items.every((item) => item.newClicks === 1)).toBe(true);
		},
	);
});
