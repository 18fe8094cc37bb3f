import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeRun } from './nodeRun';

/**
 * Whether an item is a row's error item as `errorItem` (http/errorItems.ts) makes it: `error` as
 * text and `details` naming its input item, whatever columns Keep Input Columns added (a link
 * beside a sheet's own "error" column is a link), or an item n8n gave an error.
 */
export function isErrorItem(item: INodeExecutionData): boolean {
	if (item.error !== undefined) return true;
	const { error, details } = item.json;
	return typeof error === 'string' && typeof (details as IDataObject)?.inputItem === 'number';
}

/**
 * Under On Error: Continue (using error output), each error item as `{ error, message }`, its
 * details told in `message`: n8n 1.x sends to the error output only an item holding `error`
 * alone or `error` and `message` (2.x also takes `details`); anything else stays on the success
 * output. n8n adds the paired row's columns to the item there itself.
 */
export function forErrorOutput(
	context: NodeRun,
	outputs: INodeExecutionData[][],
): INodeExecutionData[][] {
	if (context.getNode().onError !== 'continueErrorOutput') return outputs;
	return outputs.map((items) =>
		items.map((item) => {
			if (!isErrorItem(item) || item.error !== undefined) return item;
			const { error, details } = item.json;
			const { description, ...facts } = (details ?? {}) as IDataObject;
			delete facts.inputItem; // the item's pairing says it
			const told = Object.entries(facts).map(
				([name, value]) =>
					`${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
			);
			const message =
				[description, told.length ? `(${told.join('; ')})` : ''].filter(Boolean).join(' ') || error;
			return { json: { error, message }, pairedItem: item.pairedItem };
		}),
	);
}
