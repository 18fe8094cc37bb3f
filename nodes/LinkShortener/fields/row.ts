import type { IExecuteFunctions, IExecutePaginationFunctions } from 'n8n-workflow';

/** One input row as an operation reads it, whichever way n8n runs the node. */
export interface Row {
	index: number;
	/** n8n's context, for requests and binary data. */
	context: IExecuteFunctions | IExecutePaginationFunctions;
	/** The row's value of a parameter. */
	parameter<T>(name: string, fallback: T): T;
}
