import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { MAX_BULK_CREATE_SIZE } from '../descriptions/bulk.description';
import type { ApiPaths } from '../shared/transport';

export type MappingMode = 'defineBelow' | 'autoMap';

export interface CreateManyOptions {
	batchSize: number;
	maxRetries: number;
	apiPaths: ApiPaths;
}

export interface UpdateManyOptions {
	batchSize: number;
}

const DEFAULT_UPDATE_BATCH_SIZE = 1000;
const DEFAULT_MAX_RETRIES = 5;

export function mappingModeOf(context: IExecuteFunctions): MappingMode {
	return context.getNodeParameter('mappingMode', 0, 'defineBelow') === 'autoMap' ? 'autoMap' : 'defineBelow';
}

/** Read once (item 0): options apply to the whole run, not to each row. */
export function createManyOptions(context: IExecuteFunctions): CreateManyOptions {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	const batchSize = wholeNumber(context, options.batchSize, MAX_BULK_CREATE_SIZE, 'Batch Size', 1);
	if (batchSize > MAX_BULK_CREATE_SIZE) {
		throw new NodeOperationError(
			context.getNode(),
			`Batch Size ${batchSize} is too large: the API accepts at most ${MAX_BULK_CREATE_SIZE} links per request`,
			{ description: `Set "Batch Size" (options.batchSize) to ${MAX_BULK_CREATE_SIZE} or less. Nothing was sent.` },
		);
	}
	return {
		batchSize,
		maxRetries: wholeNumber(context, options.maxRetries, DEFAULT_MAX_RETRIES, 'Max Retries', 0),
		apiPaths: options.apiPaths === 'legacy' ? 'legacy' : 'v1',
	};
}

export function updateManyOptions(context: IExecuteFunctions): UpdateManyOptions {
	const options = context.getNodeParameter('options', 0, {}) as IDataObject;
	return { batchSize: wholeNumber(context, options.batchSize, DEFAULT_UPDATE_BATCH_SIZE, 'Batch Size', 1) };
}

function wholeNumber(
	context: IExecuteFunctions,
	value: unknown,
	fallback: number,
	label: string,
	minimum: number,
): number {
	if (value === undefined || value === null || value === '') return fallback;
	const number = Number(value);
	if (!Number.isInteger(number) || number < minimum) {
		throw new NodeOperationError(context.getNode(), `${label} must be a whole number of at least ${minimum}`, {
			description: `"${label}" is ${String(value)}. Nothing was sent.`,
		});
	}
	return number;
}
