/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/**
 * One job of the clicks section, in a process of its own so that its peak RSS is its own: the
 * trigger's Link Clicked through n8n-core's poll executor ("node"), or a plain script computing
 * the same deltas from the same analytics answer ("plain"). Activates (notes the totals), tells
 * the parent, waits for the clicks, polls once, reports time, items and peak RSS.
 */
import './n8nEnv';

import { RssSampler } from './rss';

type Target = { baseUrl: string; apiKey: string };
const [, , runner, baseUrl, apiKey] = process.argv;
const target: Target = { baseUrl, apiKey };

async function totals(): Promise<Map<string, number>> {
	const response = await fetch(`${target.baseUrl}/v1/analytics/clicks?group_by=link`, {
		headers: { 'X-API-Key': target.apiKey, Accept: 'application/json' },
	});
	const body = (await response.json()) as { data: Array<{ value: string; clicks: number }> };
	return new Map(body.data.map((group) => [group.value, group.clicks]));
}

interface ClicksJob {
	poll: () => Promise<number>;
	/** The saved state's size after the poll, as JSON (the trigger only). */
	stateBytes?: () => number;
}

async function plain(): Promise<ClicksJob> {
	let base = await totals();
	return {
		poll: async () => {
			const now = await totals();
			let emitted = 0;
			for (const [id, clicks] of now) if (clicks > (base.get(id) ?? 0)) emitted++;
			base = now;
			return emitted;
		},
	};
}

async function node(): Promise<ClicksJob> {
	// Loaded here, so that the plain script's process holds none of n8n.
	const { LiveTrigger } = await import('../../dev/engine/liveTrigger');
	const { createEngine } = await import('../../dev/engine/packageEngine');
	const trigger = new LiveTrigger(
		{
			engine: createEngine(),
			credentials: { linkShortenerApi: target },
		},
		{ parameters: { event: 'linkClicked' } },
	);
	await trigger.activate();
	return {
		poll: async () => {
			const before = trigger.items.length;
			await trigger.poll();
			return trigger.items.length - before;
		},
		stateBytes: () => JSON.stringify(trigger.staticData).length,
	};
}

async function main(): Promise<void> {
	const rss = new RssSampler();
	const job = runner === 'node' ? await node() : await plain();
	process.send?.({ type: 'activated', readyRssMb: process.memoryUsage().rss / 2 ** 20 });
	await new Promise((resolve) => process.once('message', resolve));
	const started = performance.now();
	const emitted = await job.poll();
	const ms = performance.now() - started;
	const peakRssMb = rss.stop() / 2 ** 20;
	process.send?.({ type: 'polled', ms, emitted, peakRssMb, stateBytes: job.stateBytes?.() });
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
