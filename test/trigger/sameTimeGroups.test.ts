import { useLinkShortener } from '../helpers/fixture';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';

const LIST = '/v1/links/list';

const ids = (links: Array<{ id: string }>) => links.map((link) => link.id);

// 25,000 links and more: these tests take a while.
jest.setTimeout(180_000);

describe('Link Shortener Trigger: bulk imports (thousands of links sharing one createdAt)', () => {
	const fx = useLinkShortener({ rateLimit: null });

	/** Polls once and answers how many list requests that poll made. */
	async function listRequestsOf(trigger: LiveTrigger): Promise<number> {
		fx.sandbox.clearRequests();
		await trigger.poll();
		return fx.requestsTo(LIST).length;
	}

	/** 25,001 links in three bulk requests, each sharing one createdAt, as the bulk endpoint makes them. */
	function bulkImport(): string[] {
		const start = Date.now() - 3000;
		return [10_000, 10_000, 5_001].flatMap((count, request) =>
			ids(
				fx.sandbox.addLinks(count, { createdAt: new Date(start + request * 1000).toISOString() }),
			),
		);
	}

	it('delivers all 25,001 and the links made after, each once; an idle poll then costs one request', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const imported = bulkImport();

		const burstRequests: number[] = [];
		for (let poll = 0; poll < 5 && trigger.emitted.length < imported.length; poll++) {
			burstRequests.push(await listRequestsOf(trigger));
		}
		expect(trigger.emitted).toHaveLength(imported.length);
		expect(new Set(trigger.emitted)).toEqual(new Set(imported));
		// ⌈25,001 / served page size⌉ pages, plus the page where the read meets the position.
		const page = fx.sandbox.pageSizeCap;
		expect(burstRequests.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(
			Math.ceil(25_001 / page) + 1,
		);

		const idle = [await listRequestsOf(trigger), await listRequestsOf(trigger)];
		const after = ids(fx.sandbox.addLinks(3));
		const withNew = await listRequestsOf(trigger);
		const idleAfter = await listRequestsOf(trigger);

		expect(idle).toEqual([1, 1]);
		expect(trigger.emitted.slice(imported.length)).toEqual(after);
		expect(repeated(trigger.emitted)).toEqual([]);
		// The list grew by 3 and page 1 holds 3 new links down to the last bulk's time: `total`
		// proves none was added among that bulk's 5,001 links, which are not read again.
		expect(withNew).toBe(1);
		expect(idleAfter).toBe(1);
	});

	it('re-reads the newest same-time group, 8 pages in flight, only when `total` cannot prove nothing was added in it', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const imported = bulkImport();
		for (let poll = 0; poll < 5 && trigger.emitted.length < imported.length; poll++)
			await trigger.poll();
		expect(trigger.emitted).toHaveLength(imported.length);

		// One link of the import deleted and one new link: `total` is unchanged, so the count
		// cannot tell; the read goes down through the whole last bulk, pages 8 in flight.
		fx.sandbox.links.delete(imported[0]);
		const after = ids(fx.sandbox.addLinks(1));
		fx.sandbox.clearRequests();
		fx.sandbox.setLatency(20);
		await trigger.poll();
		fx.sandbox.setLatency(0);

		expect(trigger.emitted.slice(imported.length)).toEqual(after);
		const page = fx.sandbox.pageSizeCap;
		expect(fx.requestsTo(LIST).length).toBeLessThanOrEqual(Math.ceil(5_001 / page) + 1 + 8);
		expect(fx.sandbox.maxInFlight).toBeGreaterThan(1);
		expect(repeated(trigger.emitted)).toEqual([]);
	});

	it('costs one request per idle poll when the newest same-time group existed at activation', async () => {
		fx.sandbox.addLinks(10_000, { createdAt: new Date().toISOString() });
		const trigger = new LiveTrigger(fx);
		await trigger.activate();

		const idle = [
			await listRequestsOf(trigger),
			await listRequestsOf(trigger),
			await listRequestsOf(trigger),
		];

		expect(idle).toEqual([1, 1, 1]);
		expect(trigger.emitted).toEqual([]);
	});

	it('delivers a burst larger than one poll budget allows oldest first over a few polls, each link once', async () => {
		// every answer 20 ms late: reading the 25,001 links, 8 pages in flight, takes about 1 s,
		// longer than one poll's budget of 500 ms
		fx.sandbox.setLatency(20);
		const trigger = new LiveTrigger(fx, { budgetMs: 500 });
		await trigger.activate();
		const imported = bulkImport();

		let polls = 0;
		while (trigger.emitted.length < imported.length && polls < 20) {
			await trigger.poll();
			polls++;
		}

		expect(polls).toBeGreaterThan(1);
		expect(trigger.emitted).toEqual(imported);
		expect(await listRequestsOf(trigger)).toBeLessThanOrEqual(2);
		expect(await listRequestsOf(trigger)).toBe(1);
	});
});
