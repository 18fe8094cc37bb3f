import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';

/** The parameters the bulk operations read per row in defineBelow mode. */
const PER_ROW_PARAMETERS: Record<string, string[]> = {
	createMany: ['longUrl', 'title', 'additionalFields'],
	updateMany: ['linkId', 'updateFields'],
};

/**
 * What n8n itself charges for defineBelow: the Link Shortener's own description (so parameters
 * resolve exactly as they do for the real node), but an execute that only reads the per-row
 * parameters with getNodeParameter(name, row) and outputs one item per row with what it read.
 */
// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool -- a benchmark-only node; its description is the Link Shortener's, usableAsTool included
export class PerRowExpressions implements INodeType {
	description: INodeTypeDescription = {
		...new LinkShortener().description,
		name: 'perRowExpressions',
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const names = PER_ROW_PARAMETERS[this.getNodeParameter('operation', 0) as string];
		const rowCount = this.getInputData().length;
		const output: INodeExecutionData[] = new Array(rowCount);
		for (let row = 0; row < rowCount; row++) {
			const json: Record<string, unknown> = {};
			for (const name of names) json[name] = this.getNodeParameter(name, row);
			output[row] = { json: json as INodeExecutionData['json'], pairedItem: { item: row } };
		}
		return [output];
	}
}
