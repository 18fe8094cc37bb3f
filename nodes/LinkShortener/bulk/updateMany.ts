import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { mappingModeOf, updateManyOptions } from './options';
import { BulkProgress } from './progress';
import { RowResults } from './results';
import { batchesOf, prepareRows } from './rows';
import { UpdateRun } from './updateRun';
import { updateElementBuilder } from './updateElements';

/** Bulk > Update Many: every input row becomes one element of as few bulk-update requests as the batch size allows. */
export async function updateMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const rowCount = this.getInputData().length;
	if (rowCount === 0) return [[]];
	const options = updateManyOptions(this);
	const results = new RowResults(rowCount);
	const rows = prepareRows(this, rowCount, updateElementBuilder(this, mappingModeOf(this)), results);
	const batches = batchesOf(rows, options.batchSize);
	const run = new UpdateRun(this, results, new BulkProgress('updated', batches.length));

	for (const [position, batch] of batches.entries()) {
		const carryOn = await run.updateBatch(batch, position + 1, () => batches.slice(position + 1).flat());
		if (!carryOn) break;
	}
	return [results.items()];
}
