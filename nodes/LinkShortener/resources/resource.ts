import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { settlingEveryRow } from '../batches/stoppedRun';

/** What one operation file exports: its entry in the Operation list, its fields, and how it runs. */
export interface Operation {
	operation: INodePropertyOptions;
	fields: INodeProperties[];
	run(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}

/**
 * A resource of the node: its "Operation" field, then its fields, then each operation's; and
 * each operation's run, by value, for the node's `customOperations`.
 */
export function resource(
	name: string,
	operations: Operation[],
	sharedFields: INodeProperties[] = [],
) {
	const first = operations[0].operation.value;
	const operationField: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [name] } },
		options: operations.map(({ operation }) => operation),
		default: first,
	};
	return {
		description: [operationField, ...sharedFields, ...operations.flatMap(({ fields }) => fields)],
		runs: settlingEveryRow(
			Object.fromEntries(operations.map(({ operation, run }) => [operation.value, run])),
		),
	};
}
