import type { IDataObject } from 'n8n-workflow';

import { useLinkShortener } from '../helpers/fixture';
import { LiveTrigger, repeated } from '../../dev/engine/liveTrigger';

const LIST = '/v1/links/list';

const ids = (links: Array<{ id: string }>) => links.map((link) => link.id);

describe('Link Shortener Trigger: the saved position', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });

	async function activated(): Promise<LiveTrigger> {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		return trigger;
	}

	function replacePosition(trigger: LiveTrigger, stored: IDataObject) {
		for (const key of Object.keys(trigger.staticData)) delete trigger.staticData[key];
		Object.assign(trigger.staticData, stored);
	}

	it('unreadable: one clear error before any request, then a fresh start from the newest link', async () => {
		const trigger = await activated();
		const position = trigger.staticData.position as IDataObject;
		replacePosition(trigger, { position: { ...position, watermark: 'soon' } });
		fx.sandbox.clearRequests();

		await trigger.poll();
		expect(trigger.errors.map((error) => error.message)).toEqual([
			"The trigger's saved position cannot be read: watermark is not a date",
		]);
		expect(fx.requestsTo(LIST)).toHaveLength(0);

		fx.sandbox.addLinks(2);
		await trigger.poll();
		const created = ids(fx.sandbox.addLinks(3));
		await trigger.poll();

		expect(trigger.errors).toHaveLength(1);
		expect(trigger.emitted).toEqual(created);
	});

	it('a position saved by version 0.1 is carried over: no link emitted twice, none passed over', async () => {
		const trigger = await activated();
		const sharedTime = new Date().toISOString();
		const emittedBy01 = fx.sandbox.addLinks(12, { createdAt: sharedTime });
		replacePosition(trigger, {
			lastCreatedAt: sharedTime,
			idsAtLastCreatedAt: ids(emittedBy01).slice(0, 7),
		});
		const created = ids(fx.sandbox.addLinks(4));
		await trigger.poll();

		expect(trigger.emitted).toEqual([...ids(emittedBy01).slice(7), ...created]);
		expect(trigger.staticData).not.toHaveProperty('lastCreatedAt');
	});

	it('a position of version 0.1 moved into the future by a future-dated link starts again from the newest link', async () => {
		const trigger = await activated();
		replacePosition(trigger, {
			lastCreatedAt: '2099-01-01T00:00:00.000Z',
			idsAtLastCreatedAt: ['x'],
		});
		await trigger.poll();
		const created = ids(fx.sandbox.addLinks(2));
		await trigger.poll();

		expect(trigger.errors).toEqual([]);
		expect(trigger.emitted).toEqual(created);
	});

	it('a catch-up resume point the server refuses is dropped, and the next poll delivers', async () => {
		const trigger = await activated();
		const position = trigger.staticData.position as IDataObject;
		replacePosition(trigger, { position: { ...position, catchUp: { page: 7, pageSize: 100 } } });
		const created = ids(fx.sandbox.addLinks(25));
		fx.sandbox.injectFault({
			method: 'POST',
			path: LIST,
			page: 7,
			times: 10,
			fault: { kind: 'status', status: 400 },
		});

		await trigger.poll();
		await trigger.poll();
		await trigger.poll();

		expect(trigger.errors).toEqual([]);
		expect(repeated(trigger.emitted)).toEqual([]);
		expect(trigger.emitted).toEqual(created);
		expect((trigger.staticData.position as IDataObject).catchUp).toBeUndefined();
	});
});
