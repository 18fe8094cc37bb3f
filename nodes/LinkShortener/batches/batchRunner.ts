import type { INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import type { Api } from '../http/request';

import { BatchRun } from './batchRun';
import { RowResults } from './rowResults';
import { failUnsettledInDoubt, rowsAfterLookUp } from './stoppedRun';
import type { BatchOperation } from './operation';
import { batchesOf, prepareRows } from './rows';
import { RunMemory } from './retryMemory';

/** Runs a bulk operation over the node's input: every input row ends as exactly one output or error item. */
export async function runBatches(
	api: Api<NodeRun>,
	operation: BatchOperation,
): Promise<INodeExecutionData[][]> {
	const { context } = api;
	const rowCount = context.getInputData().length;
	if (rowCount === 0) return [[]];
	const results = new RowResults(rowCount);
	const prepared = await prepareRows(context, rowCount, operation.buildElement, results);
	const rows = await rowsAfterLookUp(context, operation, prepared, results);
	if (!rows) return [results.items()];
	const memory = RunMemory.of(context, operation.name);
	const run = new BatchRun(api, operation, results, memory);
	try {
		const batches = batchesOf(await run.recallEarlierAttempts(rows), operation.batchSize);
		run.progress.batchCount = batches.length;
		for (const [position, batch] of batches.entries()) {
			const carryOn = await run.settle(batch, position + 1, () =>
				batches.slice(position + 1).flat(),
			);
			if (!carryOn) break;
		}
	} catch (error) {
		failUnsettledInDoubt(context, operation, results, error);
	} finally {
		if (results.allSucceeded()) memory?.forget();
		else memory?.keep();
	}
	return [results.items()];
}
