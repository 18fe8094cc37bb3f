import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { inBatches } from '../../batches/batchRun';
import { operationRun } from '../../batches/engine';
import { showFor, updateLinkFields } from '../../fields/commonFields';
import { withLinkChanges } from '../../links/linkBodies';
import { linkLocator, linkLocatorOf, locatorRefOf } from '../../links/linkLocator';
import { resolvingLinks } from '../../links/linkResolver';
import { BULK_UPDATE, sendingUpdates, UPDATE_LINK } from '../../links/bulkUpdate';

const displayOptions = showFor('link', ['update']);

/** Runs as code, through the batch runner: a one-element bulk update per input item (D4). */
export const operation: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	description: "Change a link's destination, title, expiry or tags",
	action: 'Update a link',
};

export const fields: INodeProperties[] = [
	linkLocator(displayOptions),
	updateLinkFields(displayOptions),
];

/**
 * Link > Update: each input item is a one-element PATCH /public/links/bulk. Every item is
 * checked (and a short URL looked up) before the first request, whatever n8n's Batching says.
 */
export const run = operationRun((run) => ({
	check: (row, check) => {
		const link = locatorRefOf(linkLocatorOf(row), check);
		const changes = withLinkChanges({}, row.parameter<IDataObject>('updateFields', {}), check);
		return { link, changes };
	},
	plan: resolvingLinks(run.api, UPDATE_LINK),
	send: sendingUpdates(inBatches(run, { ...BULK_UPDATE, runName: 'Link update', batchSize: 1 })),
}));
