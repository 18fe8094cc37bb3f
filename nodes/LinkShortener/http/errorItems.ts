import type {
	IDataObject,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

/**
 * The error item of one input row (D8). Its context goes under `details`, not beside `error`,
 * and the item carries no `error` object: n8n replaces the json of an item that has one by
 * `{ error: message }`; `forErrorOutput` shapes it for the error output. The pairedItem is set
 * here: n8n adds none to the items of its error output.
 */
export function errorItem(
	row: number,
	message: string,
	details: IDataObject = {},
): INodeExecutionData {
	return {
		json: { error: message, details: { inputItem: row, ...details } },
		pairedItem: { item: row },
	};
}

/** The input row an output item is paired to. */
export function pairedRowOf(item: INodeExecutionData): number | undefined {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : paired?.item;
}

/** The HTTP status and description of an error, for an error item's details. */
export function detailsOfError(error: NodeApiError | NodeOperationError | undefined): IDataObject {
	const details: IDataObject = {};
	if (!error) return details;
	if ('httpCode' in error && error.httpCode) details.httpCode = error.httpCode;
	if (error.description) details.description = error.description;
	return details;
}
