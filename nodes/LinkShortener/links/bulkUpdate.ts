import type { IDataObject } from 'n8n-workflow';

import { matchById } from '../batches/bulkAnswers';
import type { BatchOperation } from '../batches/operation';
import { BULK_UPDATE_PATH } from '../http/endpoints';

/** Updates a bulk-update request holds unless Batch Size says otherwise (Update Many, Sync Many). */
export const UPDATE_BATCH_SIZE = 1000;

/**
 * What every PATCH /public/links/bulk run passes to the batch runner (D4): answers matched by
 * id; a request refused with 400/403/404 because of some element is halved until each refused
 * element stands alone; updates are idempotent, so nothing is looked up.
 */
export const BULK_UPDATE = {
	name: 'update',
	verb: 'updated',
	request: (elements: IDataObject[]) => ({
		method: 'PATCH' as const,
		url: BULK_UPDATE_PATH,
		body: elements,
	}),
	match: matchById,
	refusedStatuses: new Set([400, 403, 404]),
	stopsAtRefusal: false,
	stopStatuses: new Set([401]),
} satisfies Partial<BatchOperation>;
