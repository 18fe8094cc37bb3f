import type { IDataObject } from 'n8n-workflow';

import { matchById } from '../batches/bulkAnswers';
import type { BatchOperation } from '../batches/operation';
import { BULK_UPDATE_PATH } from '../http/endpoints';

/** Updates a bulk-update request holds unless Batch Size says otherwise (Update Many, Sync Many). */
export const UPDATE_BATCH_SIZE = 1000;

const UPDATE_IN_DOUBT_ADVICE =
	'A server error (5xx), a lost answer or a timeout does not tell whether the server applied the updates. Updates are idempotent, so running the in-doubt items again is safe.';
const NOT_UPDATED_ADVICE =
	'Fix or remove the refused item and run the items that were not updated again (updates are idempotent). Turn on "Continue On Fail" (Settings > On Error) to update every good item and get each refused one as an error item.';

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
	refusedWording: 'was refused',
	inDoubtNote: 'The server may or may not have applied this update',
	inDoubtAdvice: UPDATE_IN_DOUBT_ADVICE,
	notDoneAdvice: NOT_UPDATED_ADVICE,
} satisfies Partial<BatchOperation>;
