import { matchByPosition } from '../batches/bulkAnswers';
import type { BatchOperation } from '../batches/operation';
import { createdLinksLookUp } from '../batches/reconcile';
import type { LINK_PATHS } from '../http/endpoints';

const IN_DOUBT_ADVICE =
	'A server error (5xx), a lost answer or a timeout does not tell whether the server created the links, so the node does not send them again: that could create duplicates. Check which of the in-doubt items exist (for example with Link > Get Many) before running them again.';
const NOT_CREATED_ADVICE =
	'The items that were not created can be run again. Turn on "Continue On Fail" (Settings > On Error) to get every created link as an item and every other input item as an error item.';

/**
 * What every bulk-create run passes to the batch runner (D3, D7): answers matched by position, a
 * 422 isolates the refused rows, 429 is waited for and re-sent, and an answer that may have
 * been applied is never re-sent blindly: the links created since are looked up first.
 */
export function bulkCreateOperation(
	paths: (typeof LINK_PATHS)['v1'],
	maxRetries: number,
): Omit<BatchOperation, 'buildElement' | 'batchSize'> {
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
		refusedWording: 'was not created',
		inDoubtNote:
			'The server may have created this link; it was not sent again, to avoid a duplicate',
		inDoubtAdvice: IN_DOUBT_ADVICE,
		notDoneAdvice: NOT_CREATED_ADVICE,
	};
}
