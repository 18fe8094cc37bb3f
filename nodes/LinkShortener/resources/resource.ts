import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { answeringModels } from '../links/forModels';
import { throughRouting, type OperationRun } from '../n8n/toolPath';

/** What one operation file exports: its entry in the Operation list, its fields, and how it runs. */
export interface Operation {
	operation: INodePropertyOptions;
	fields: INodeProperties[];
	run: OperationRun;
}

interface ResourceOptions {
	/** The default of its Operation field: a contract, as n8n saves no parameter at its default. */
	defaultOperation: string;
	/** Fields shown for several of its operations, placed before the operations' own. */
	sharedFields?: INodeProperties[];
}

/**
 * A resource of the node: its "Operation" field, then its fields, then each operation's; and
 * each operation's run, by value, for the node's `customOperations`. The same run is reached
 * through the operation's routing when n8n calls the node as a tool (n8n/toolPath.ts).
 */
export function resource(
	name: string,
	operations: Operation[],
	{ defaultOperation, sharedFields = [] }: ResourceOptions,
) {
	const runs: Record<string, OperationRun> = {};
	const options = operations.map(({ operation, run }) => {
		const value = String(operation.value);
		runs[value] = answeringModels(run);
		return { ...operation, routing: throughRouting(runs[value]) };
	});
	if (!options.some((option) => option.value === defaultOperation))
		throw new Error(`The default operation "${defaultOperation}" is not an operation of ${name}`);
	const operationField: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [name] } },
		options,
		default: defaultOperation,
	};
	return {
		description: [operationField, ...sharedFields, ...operations.flatMap(({ fields }) => fields)],
		runs,
	};
}
