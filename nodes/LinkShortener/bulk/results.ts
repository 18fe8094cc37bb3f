import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * One output slot per input row, so that every row ends as exactly one item (its link or its
 * error) and the output keeps the input order whatever order the batches finish in.
 */
export class RowResults {
	private readonly slots: Array<INodeExecutionData | undefined>;

	constructor(rowCount: number) {
		this.slots = new Array<INodeExecutionData | undefined>(rowCount);
	}

	succeed(row: number, record: IDataObject): void {
		this.slots[row] = { json: record, pairedItem: { item: row } };
	}

	/**
	 * An error item. Its context goes under `details`, not beside `error`, and the item carries
	 * no `error` object: n8n replaces the json of an item that has one by `{ error: message }`,
	 * and routes an item to the error output only when its json has no keys but error, message
	 * and details.
	 */
	fail(row: number, message: string, details: IDataObject): void {
		this.slots[row] = { json: { error: message, details: { inputItem: row, ...details } }, pairedItem: { item: row } };
	}

	items(): INodeExecutionData[] {
		return this.slots.filter((item): item is INodeExecutionData => item !== undefined);
	}
}
