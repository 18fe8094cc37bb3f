import type {
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';

import { runBatches } from '../../batches/batchRun';
import { Api } from '../../http/request';
import { showFor, updateLinkFields } from '../../fields/commonFields';
import { withLinkChanges } from '../../links/linkBodies';
import { linkLocator, locatorRefOf } from '../../links/linkLocator';
import { RowLinkRefs } from '../../links/rowLinkRefs';
import { BULK_UPDATE } from '../../links/bulkUpdate';

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
export async function run(this: NodeRun): Promise<INodeExecutionData[][]> {
	const api = Api.ofRun(this);
	const links = new RowLinkRefs(api);
	return await runBatches(api, {
		...BULK_UPDATE,
		runName: 'Link update',
		buildElement: (row, check) => {
			const locator = this.getNodeParameter('linkId', row) as INodeParameterResourceLocator;
			const id = links.remember(row, locatorRefOf(locator, check));
			const changes = this.getNodeParameter('updateFields', row, {}) as IDataObject;
			return withLinkChanges({ id }, changes, check);
		},
		rowsToSend: async (rows, ledger) => await links.rowsToSend(rows, ledger),
		batchSize: 1,
	});
}
