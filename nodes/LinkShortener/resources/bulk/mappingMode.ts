import type { INodeProperties } from 'n8n-workflow';

import type { NodeRun } from '../../n8n/nodeRun';
import { showFor } from '../../fields/commonFields';
import { AutoMapColumns } from '../../links/columns';
import type { RowSource } from '../../batches/rows';

export type MappingMode = 'defineBelow' | 'autoMap' | 'jsonRows';

const BULK_OPERATIONS = ['createMany', 'updateMany', 'syncMany'];

export const mappingModeField: INodeProperties = {
	displayName: 'Mapping Column Mode',
	name: 'mappingMode',
	type: 'options',
	noDataExpression: true,
	description:
		"How each input item maps to a link: set each field below, use the item's own fields as they are, or take the rows from a JSON list",
	options: [
		{
			name: 'Map Each Field Below',
			value: 'defineBelow',
			description: 'Set each field per input item, with expressions that read the item',
		},
		{
			name: 'Map Automatically',
			value: 'autoMap',
			description:
				'Use the columns of each input item named like the link fields (Long URL or longUrl, Title, Path, Domain, Expires, Tags, and the link ID for updates), as a sheet or CSV gives them; fastest for large inputs',
		},
		{
			name: 'From a JSON List',
			value: 'jsonRows',
			description:
				'Take the rows from a JSON array (an API answer, a Code node, an AI agent): each element is one link, its keys read as Map Automatically reads columns',
		},
	],
	default: 'defineBelow',
	displayOptions: showFor('bulk', BULK_OPERATIONS),
};

export const rowsField: INodeProperties = {
	displayName: 'Rows',
	name: 'rows',
	type: 'json',
	default: '[]',
	required: true,
	description:
		"An array of objects, one per link, keyed like the columns of Map Automatically: longUrl, title, path, domain, expiredAt, tags and the UTM keys; for updates also the link's ID, short URL or path. An AI tool sets it with $fromAI (see the README).",
	displayOptions: showFor('bulk', BULK_OPERATIONS, { mappingMode: ['jsonRows'] }),
};

export function mappingModeOf(context: NodeRun): MappingMode {
	const mode = context.getNodeParameter('mappingMode', 0, 'defineBelow');
	return mode === 'autoMap' || mode === 'jsonRows' ? mode : 'defineBelow';
}

/**
 * The rows' columns when they map themselves (Map Automatically, or a JSON list whose elements
 * are the rows: jsonRows.ts); undefined when each field is mapped below.
 */
export function selfMappedColumns(context: NodeRun, rows: RowSource): AutoMapColumns | undefined {
	if (mappingModeOf(context) === 'defineBelow') return undefined;
	return new AutoMapColumns(context.getNode(), rows.items);
}
