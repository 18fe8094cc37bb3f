import type { IDataObject } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';

const LIST = '/v1/links/list';
const YEAR_MS = 365 * 86_400_000;

const ids = (links: Array<{ id: string }>) => links.map((link) => link.id);

describe('Link Shortener Trigger: a link dated in the future', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });

	it('does not move the position there: later links are emitted; it is emitted once when its time comes', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const future = fx.sandbox.addLinks(1, {
			createdAt: new Date(Date.now() + YEAR_MS).toISOString(),
		});
		const before = ids(fx.sandbox.addLinks(2));
		await trigger.poll();
		const later = ids(fx.sandbox.addLinks(3));
		await trigger.poll();

		expect(trigger.emitted).toEqual([...before, ...later]);
		expect(
			Date.parse((trigger.staticData.position as IDataObject).watermark as string),
		).toBeLessThanOrEqual(Date.now());

		// A year later.
		const realNow = Date.now.bind(Date);
		const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + YEAR_MS + 60_000);
		try {
			await trigger.poll();
			await trigger.poll();
		} finally {
			clock.mockRestore();
		}
		expect(trigger.emitted).toEqual([...before, ...later, ...ids(future)]);
		expect(trigger.errors).toEqual([]);
	});

	it('ignores a future link that already existed at activation', async () => {
		fx.sandbox.addLinks(1, { createdAt: new Date(Date.now() + YEAR_MS).toISOString() });
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const created = ids(fx.sandbox.addLinks(2));
		await trigger.poll();

		expect(trigger.emitted).toEqual(created);
	});
});

describe('Link Shortener Trigger: links deleted while a poll reads the pages', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });

	it('passes over no new link when links above the page being read vanish', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const created = fx.sandbox.addLinks(60, { createdAt: new Date().toISOString() });
		// While page 3 is asked for, the 5 newest links (read on page 1) are deleted: every
		// later link moves up 5 places, 5 of them from page 3 onto page 2, already read.
		fx.sandbox.injectFault({
			method: 'POST',
			path: LIST,
			page: 3,
			fault: { kind: 'deleteLinks', newest: 5 },
		});
		fx.sandbox.clearRequests();
		await trigger.poll();
		await trigger.poll();

		const survivors = ids(created).filter((id) => fx.sandbox.links.has(id));
		expect(survivors).toHaveLength(55);
		expect(repeated(trigger.emitted)).toEqual([]);
		expect(trigger.emitted).toEqual(expect.arrayContaining(survivors));
		expect(trigger.emitted.filter((id) => !survivors.includes(id))).toEqual([]);
		// The poll noticed and read again from page 1.
		const pagesAsked = fx.requestsTo(LIST).map((request) => (request.body as IDataObject).page);
		expect(pagesAsked.filter((page) => page === 1).length).toBeGreaterThanOrEqual(2);
	});

	it('gives up for this poll, emitting nothing, while links keep vanishing, and catches up after', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const created = fx.sandbox.addLinks(40);
		fx.sandbox.injectFault({
			method: 'POST',
			path: LIST,
			page: 2,
			times: 3,
			fault: { kind: 'deleteLinks', newest: 1 },
		});
		await trigger.poll();
		expect(trigger.emitted).toEqual([]);

		await trigger.poll();
		const survivors = ids(created).filter((id) => fx.sandbox.links.has(id));
		expect(trigger.emitted).toEqual(survivors);
	});
});
