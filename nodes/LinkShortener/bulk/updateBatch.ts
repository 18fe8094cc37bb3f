import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiError, BULK_UPDATE_PATH } from '../shared/transport';
import type { RowError } from './rowErrors';
import type { PreparedRow } from './rows';
import { linksPerElement, sendBulkRequest } from './send';

/** The statuses with which bulk update refuses a whole request because of (at least) one element. */
const REFUSED_FOR_AN_ELEMENT = new Set([400, 403, 404]);

export type UpdateOutcome =
	| { kind: 'updated'; links: IDataObject[] }
	/** 400/403/404: nothing applied; some element is wrong (which one, the server does not say). */
	| { kind: 'refused'; error: RowError }
	/** Nothing applied, for a reason that is not about one element (401, other 4xx, never sent). */
	| { kind: 'notUpdated'; error: RowError; stopsRun: boolean }
	/** No usable answer (5xx, lost response, timeout): the rows may or may not be updated. */
	| { kind: 'inDoubt'; error: RowError };

export async function updateBatch(context: IExecuteFunctions, rows: readonly PreparedRow[]): Promise<UpdateOutcome> {
	const node = context.getNode();
	const body = rows.map((row) => row.element);
	const answer = await sendBulkRequest(context, { method: 'PATCH', url: BULK_UPDATE_PATH, body });
	if (answer.kind === 'noAnswer') {
		return answer.neverConnected
			? { kind: 'notUpdated', error: answer.error, stopsRun: true }
			: { kind: 'inDoubt', error: answer.error };
	}
	const { statusCode, body: responseBody } = answer.response;
	if (statusCode >= 500) return { kind: 'inDoubt', error: apiError(node, statusCode, responseBody) };
	if (REFUSED_FOR_AN_ELEMENT.has(statusCode)) return { kind: 'refused', error: apiError(node, statusCode, responseBody) };
	if (statusCode >= 400) {
		return { kind: 'notUpdated', error: apiError(node, statusCode, responseBody), stopsRun: statusCode === 401 };
	}
	const matched = linksPerElement(node, answer.response, rows.length, 'updates');
	return 'links' in matched ? { kind: 'updated', links: matched.links } : { kind: 'inDoubt', error: matched.error };
}
