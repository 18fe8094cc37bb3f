import { useLinkShortener } from '../helpers/fixture';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';
import { SERVER_PROFILES, threePagesAndSome } from './profiles';

const LIST = '/v1/links/list';

describe.each(SERVER_PROFILES)('the trigger against a server with $name', ({ options }) => {
	const fx = useLinkShortener({ ...options, rateLimit: null });
	const served = () => Math.min(100, fx.sandbox.pageSizeCap);

	async function listRequestsOf(trigger: LiveTrigger): Promise<number> {
		fx.sandbox.clearRequests();
		await trigger.poll();
		return fx.requestsTo(LIST).length;
	}

	it('emits each new link once, oldest first, then idles at one or two list requests a poll', async () => {
		// older links, each at its own time (a same-time group is read once more: trigger/sameTimeGroups)
		for (let i = 0; i < threePagesAndSome(served()); i++)
			fx.sandbox.addLinks(1, {
				createdAt: new Date(Date.now() - 60_000 - i * 1_000).toISOString(),
			});
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		await trigger.poll();
		const start = Date.now() - 10_000;
		const added = [0, 1, 2, 3].flatMap((second) =>
			fx.sandbox
				.addLinks(served() + 1, { createdAt: new Date(start + second * 1_000).toISOString() })
				.map((link) => link.id),
		);

		const reads = await listRequestsOf(trigger);

		expect(trigger.errors).toEqual([]);
		expect(trigger.emitted).toEqual(added);
		// the new links' pages, and the page where the read meets the position
		expect(reads).toBeLessThanOrEqual(Math.ceil((added.length + 1) / served()) + 1);
		const idle = [await listRequestsOf(trigger), await listRequestsOf(trigger)];
		expect(idle.every((count) => count >= 1 && count <= 2)).toBe(true);
		expect(trigger.emitted).toEqual(added);
	});

	it('a backlog larger than one poll’s budget is emitted over several polls, oldest first, each link once', async () => {
		const trigger = new LiveTrigger(fx, { budgetMs: 0 });
		await trigger.activate();
		await trigger.poll();
		const start = Date.now() - 10_000;
		const added = [0, 1, 2].flatMap((second) =>
			fx.sandbox
				.addLinks(served() + 3, { createdAt: new Date(start + second * 1_000).toISOString() })
				.map((link) => link.id),
		);

		// one page a poll at the least, plus the polls that find where to resume
		for (let poll = 0; poll < 3 * added.length && trigger.emitted.length < added.length; poll++)
			await trigger.poll();

		expect(trigger.errors).toEqual([]);
		expect(repeated(trigger.emitted)).toEqual([]);
		expect(trigger.emitted).toEqual(added);
	});
});
