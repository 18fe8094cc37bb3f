/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/**
 * Measurements in a child process of its own, so that the peak RSS is the job's own. The parent
 * sends a Job; the worker warms up (a small run of the same kind) and says 'ready'; then each
 * 'run' is one measured run (wall time, peak RSS, output counts), until 'done'.
 */
import './n8nEnv';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { WARM_UP_ROWS, type Job, type ParentMessage, type WorkerMessage } from './jobs';
import { listed } from './listedLinks';
import { plainBulkCreate, plainBulkUpdate, plainListAll, plainListConcurrent } from './plain';
import { RssSampler } from './rss';

function inputRows(job: Job, count: number, offset = 0): IDataObject[] {
	if (job.operation === 'list') return [{}];
	if (job.operation === 'sync') return (job.sheet ?? []).slice(0, count);
	if (job.operation === 'update') {
		const ids = job.ids ?? [];
		return Array.from({ length: count }, (_, i) => {
			const [id, title] = [
				ids[(offset + i) % ids.length],
				job.updateTitle ?? `Renamed ${offset + i}`,
			];
			return job.headers === 'sheet'
				? { 'Link ID': id, Title: title, Notes: '', row_number: offset + i + 2 }
				: { id, title };
		});
	}
	return Array.from({ length: count }, (_, i) => {
		const [longUrl, title] = [`https://example.com/bench/${offset + i}`, `Bench ${offset + i}`];
		return job.headers === 'sheet'
			? { 'Long URL': longUrl, Title: title, Notes: '', row_number: offset + i + 2 }
			: { longUrl, title };
	});
}

async function work(
	job: Job,
	rows: IDataObject[],
): Promise<{ items: INodeExecutionData[]; executionMs?: number }> {
	if (job.runner !== 'plain' && job.runner !== 'plainConcurrent') {
		// n8n-core is loaded only for engine runs, so that plain runs measure a plain process.
		const { runThroughEngine } = await import('./nodeRunner');
		return await runThroughEngine(job, rows);
	}
	const target = { baseUrl: job.baseUrl, apiKey: job.apiKey };
	const records =
		job.operation === 'create'
			? await plainBulkCreate(target, rows)
			: job.operation === 'update'
				? await plainBulkUpdate(target, rows)
				: job.runner === 'plainConcurrent'
					? await plainListConcurrent(target, job.pageSize ?? 100, job.concurrency ?? 1)
					: await plainListAll(target, job.pageSize);
	return {
		items: records.map((json, item) => ({ json: json as IDataObject, pairedItem: { item } })),
	};
}

async function measuredRun(job: Job): Promise<WorkerMessage> {
	const rows = inputRows(job, job.rows);
	const sampler = new RssSampler();
	const started = performance.now();
	const { items, executionMs } = await work(job, rows);
	const wallMs = performance.now() - started;
	const peakRssMb = sampler.stop() / 2 ** 20;
	const errorItems = items.filter((item) => item.json.error !== undefined).length;
	return {
		type: 'run',
		result: { wallMs, executionMs, peakRssMb, errorItems, ...listed(job, items) },
	};
}

function send(message: WorkerMessage): Promise<void> {
	return new Promise((resolve) => process.send!(message, () => resolve()));
}

let job: Job | undefined;
process.on('message', async (message: ParentMessage) => {
	try {
		if (message === 'done') process.exit(0);
		if (message === 'run') return await send(await measuredRun(job!));
		job = message;
		const warmUp =
			job.operation === 'list' ? job : { ...job, rows: Math.min(WARM_UP_ROWS, job.rows) };
		await work(warmUp, inputRows(warmUp, warmUp.rows, job.rows));
		await send({ type: 'ready', rssMb: process.memoryUsage().rss / 2 ** 20 });
	} catch (error) {
		await send({
			type: 'failed',
			error: error instanceof Error ? (error.stack ?? error.message) : String(error),
		});
		process.exit(1);
	}
});
