import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

export async function updateMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	throw new Error('not implemented yet');
}
