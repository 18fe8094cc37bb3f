import type { IDataObject } from 'n8n-workflow';

import type { NodeRun } from './nodeRun';
import { waitUnlessCancelled } from './wait';

/**
 * n8n's node settings "Request Options" (requestOptions), which n8n adds to every declarative
 * node: routing applies them to its own requests; the custom operations read them here.
 */
export interface RequestSettings {
	/** Request Options > Timeout, else the 300 s that n8n's routing uses. */
	timeout: number;
	/** Request Options > Batching: a pause of `intervalMs` after every `rows` rows sent. */
	batching?: { rows: number; intervalMs: number };
}

const ROUTING_DEFAULT_TIMEOUT_MS = 300_000;

export function requestSettingsOf(context: NodeRun): RequestSettings {
	const options = context.getInputData().length
		? (context.getNodeParameter('requestOptions', 0, {}) as IDataObject)
		: {};
	const timeout = Number(options.timeout);
	const batch = ((options.batching as IDataObject | undefined)?.batch ?? {}) as IDataObject;
	const rows = Number(batch.batchSize ?? 50);
	const intervalMs = Number(batch.batchInterval ?? 1000);
	const batching =
		options.batching !== undefined && rows >= 0 && intervalMs > 0
			? { rows: Math.max(1, rows), intervalMs }
			: undefined;
	return {
		timeout: timeout > 0 ? timeout : ROUTING_DEFAULT_TIMEOUT_MS,
		...(batching && { batching }),
	};
}

/**
 * Request Options > Batching as a run applies it: call before sending each request with the
 * rows it carries; it waits Batch Interval once every Items per Batch rows have been sent.
 */
export function batchingPause(
	settings: RequestSettings | undefined,
	signal?: AbortSignal,
): (rows: number) => Promise<void> {
	let sinceBreak = 0;
	return async (rows) => {
		const batching = settings?.batching;
		if (!batching) return;
		if (sinceBreak >= batching.rows) {
			await waitUnlessCancelled(batching.intervalMs, signal);
			sinceBreak = 0;
		}
		sinceBreak += rows;
	};
}
