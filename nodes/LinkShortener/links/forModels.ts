import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';
import { answerCap, runsAsTool } from '../n8n/toolMode';
import type { OperationRun } from '../n8n/toolPath';
import { isErrorItem } from '../n8n/errorOutput';
import { LINK_RECORD_FIELDS } from '../http/records';

/** A link as the API describes it (spec 2.2), and what an operation says it did with it (D18). */
const LINK_FIELDS_FOR_MODELS = [
	...LINK_RECORD_FIELDS,
	'linkCreated',
	'syncAction',
	'changedFields',
	'dryRun',
];

/** An item describing a link: its id and short URL; other items go to the model as they are. */
function hasShortUrl(json: IDataObject): boolean {
	return typeof json.id === 'string' && typeof json.shortUrl === 'string';
}

/** A link's record and outcome only: no row columns, no fields of the server's beyond spec 2.2; tags as their names. */
function compact(json: IDataObject): IDataObject {
	if (!hasShortUrl(json)) return json;
	const kept: IDataObject = {};
	for (const field of LINK_FIELDS_FOR_MODELS)
		if (json[field] !== undefined) kept[field] = json[field];
	if (Array.isArray(kept.tags))
		kept.tags = kept.tags.map((tag) => (tag as IDataObject)?.name ?? tag);
	return kept;
}

/** At most `cap` items, each compact and without binary data; one more says how many were left out. */
function forModels(items: INodeExecutionData[], cap: number): INodeExecutionData[] {
	const shown = items
		.slice(0, cap)
		.map(({ json, pairedItem }) => ({ json: compact(json), pairedItem }));
	const rest = items.slice(cap);
	if (rest.length === 0) return shown;
	const errors = rest.filter(isErrorItem).length;
	const note =
		`${rest.length} more results are not shown (${items.length} in all): an answer to a model holds at most ${cap}` +
		(errors ? `; ${errors} of those not shown are errors` : '') +
		'.';
	return [...shown, { json: { notShown: rest.length, note }, pairedItem: { item: 0 } }];
}

/** An operation's run whose answer, when n8n runs the node as a tool, is sized for a model (D18). */
export function answeringModels(run: OperationRun): OperationRun {
	return async function (this: NodeRun) {
		const outputs = await run.call(this);
		const node = this.getNode();
		if (!runsAsTool(node)) return outputs;
		const cap = answerCap(node);
		return outputs.map((items) => forModels(items, cap));
	};
}
