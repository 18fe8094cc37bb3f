/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
import { REQUESTS_IN_FLIGHT } from '../../nodes/LinkShortener/http/endpoints';
import { useLinkShortener } from '../helpers/fixture';
import { LiveTrigger, repeated, type LiveTriggerOptions } from '../../dev/engine/liveTrigger';

const LIST = '/v1/links/list';

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

describe('Link Shortener Trigger: polls of one trigger that overlap', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });

	/**
	 * Ticks every `tickMs` without waiting for the previous poll (as n8n 2.41 does), against a
	 * server answering `latencyMs` late, with links created before and while the polls run.
	 */
	async function overlappingTicks(trigger: LiveTrigger, ticks: number) {
		const created: string[] = [];
		const running: Array<Promise<void>> = [];
		for (let tick = 0; tick < ticks; tick++) {
			created.push(...fx.sandbox.addLinks(1 + (tick % 4) * 6).map((link) => link.id));
			running.push(trigger.poll());
			// The next tick comes while this poll still waits for the server.
			while (fx.sandbox.inFlight === 0) await sleep(5);
		}
		await Promise.all(running);
		return created;
	}

	async function runScenario(options: LiveTriggerOptions) {
		const trigger = new LiveTrigger(fx, options);
		await trigger.activate();
		fx.sandbox.setLatency(60);
		const created = await overlappingTicks(trigger, 12);
		fx.sandbox.setLatency(0);
		// Quiet polls after the storm pick up whatever the skipped ticks left.
		await trigger.poll();
		await trigger.poll();
		return { trigger, created };
	}

	it('emits each link once when a tick starts while the previous poll still runs', async () => {
		const { trigger, created } = await runScenario({});

		expect(trigger.errors).toEqual([]);
		expect(repeated(trigger.emitted)).toEqual([]);
		expect(new Set(trigger.emitted)).toEqual(new Set(created));
		// A tick that finds a poll of the same trigger running asks the server nothing: the
		// requests in flight are one poll's pages at most.
		expect(fx.sandbox.maxInFlight).toBeLessThanOrEqual(REQUESTS_IN_FLIGHT);
	});

	it('emits each link once when every poll reads its own, possibly stale, copy of the saved position', async () => {
		const { trigger, created } = await runScenario({ ownCopyPerPoll: true });

		expect(trigger.errors).toEqual([]);
		expect(repeated(trigger.emitted)).toEqual([]);
		expect(new Set(trigger.emitted)).toEqual(new Set(created));
	});

	it('does not emit again when an older saved position is written back over a newer one', async () => {
		const trigger = new LiveTrigger(fx);
		await trigger.activate();
		const staleSave = JSON.parse(JSON.stringify(trigger.staticData)) as typeof trigger.staticData;
		const first = fx.sandbox.addLinks(5).map((link) => link.id);
		await trigger.poll();
		// An execution that started before this poll saves the static data it began with.
		Object.assign(trigger.staticData, staleSave);
		const second = fx.sandbox.addLinks(3).map((link) => link.id);
		fx.sandbox.clearRequests();
		await trigger.poll();

		expect(trigger.emitted).toEqual([...first, ...second]);
		expect(fx.requestsTo(LIST).length).toBeGreaterThan(0);
	});
});
