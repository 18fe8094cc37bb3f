import type { IDataObject } from 'n8n-workflow';

import { matchById } from '../batches/bulkAnswers';
import type { Send } from '../batches/engine';
import type { BatchOperation } from '../batches/operation';
import { BULK_UPDATE_PATH } from '../http/endpoints';
import type { LinkRef } from './linkRefs';
import { resolvedId, type RowLink } from './linkResolver';

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

/** A checked row of Link > Update or Update Many: the link it names, and the fields it changes. */
export interface UpdateRow {
	link: LinkRef;
	changes: IDataObject;
}

/** How the plan (`resolvingLinks`) reads an update row's link; a row naming no single link is "Not updated". */
export const UPDATE_LINK: RowLink<UpdateRow> = {
	refOf: ({ link }) => link,
	withId: (row, id) => ({ ...row, link: { kind: 'id', id } }),
	outcome: 'notUpdated',
};

/** The update rows as bulk-update elements, each naming its link by the id the plan gave it. */
export function sendingUpdates(send: Send<IDataObject>): Send<UpdateRow> {
	return async (rows, ledger) => {
		const elements = rows.map(({ index, element: { link, changes } }) => ({
			index,
			element: { id: resolvedId(link), ...changes },
		}));
		await send(elements, ledger);
	};
}
