import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { matchByPosition } from '../batches/bulkAnswers';
import type { BatchOperation } from '../batches/operation';
import { createdLinksLookUp } from '../batches/reconcile';
import { MAX_BULK_CREATE_SIZE, type LINK_PATHS } from '../http/endpoints';
import { wholeNumberSetting } from '../fields/validation';

const BATCH_SIZE = { label: 'Batch Size', parameter: 'options.batchSize' };

/** How often a bulk create re-sends a batch the server refused with 429, unless Max Retries says otherwise. */
export const DEFAULT_MAX_RETRIES = 5;

/** The Batch Size option of a bulk create; `description` says what goes in a request. */
export const createBatchSizeOption = (description: string): INodeProperties => ({
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_BULK_CREATE_SIZE },
	default: MAX_BULK_CREATE_SIZE,
	description,
});

/** Batch Size of a bulk create (Create Many, Sync Many): outside 1 to 10,000 it is refused before anything is sent. */
export function createBatchSizeOf(context: NodeRun, options: IDataObject): number {
	return wholeNumberSetting(
		context.getNode(),
		BATCH_SIZE,
		options.batchSize,
		MAX_BULK_CREATE_SIZE,
		1,
		{
			maximum: MAX_BULK_CREATE_SIZE,
			advice: `Batch Size is how many links go in one request: the API takes at most ${MAX_BULK_CREATE_SIZE}.`,
		},
	);
}

/**
 * What every bulk-create run passes to the batch runner (D3, D7): answers matched by position, a
 * 422 isolates the refused rows, 429 is waited for and re-sent, and an answer that may have
 * been applied is never re-sent blindly: the links created since are looked up first.
 */
export function bulkCreateOperation(
	paths: (typeof LINK_PATHS)['v1'],
	maxRetries: number,
): Omit<BatchOperation, 'batchSize'> {
	return {
		name: 'create',
		verb: 'created',
		request: (elements) => ({ method: 'POST', url: paths.bulkCreate, body: elements }),
		match: matchByPosition,
		refusedStatuses: new Set([422]),
		stopsAtRefusal: true,
		// Authentication and permission failures would refuse every later batch too.
		stopStatuses: new Set([401, 403]),
		rateLimit: { maxRetries },
		lookUp: createdLinksLookUp(paths.list),
	};
}
