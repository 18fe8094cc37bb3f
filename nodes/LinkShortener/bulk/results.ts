import type { IDataObject, INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';

export type RowError = NodeOperationError | NodeApiError;

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

	fail(row: number, error: RowError, context: IDataObject = {}): void {
		this.slots[row] = { json: { error: error.message, ...context }, error, pairedItem: { item: row } };
	}

	has(row: number): boolean {
		return this.slots[row] !== undefined;
	}

	items(): INodeExecutionData[] {
		return this.slots.filter((item): item is INodeExecutionData => item !== undefined);
	}
}
