import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../fields/commonFields';

export type MappingMode = 'defineBelow' | 'autoMap';

export const mappingModeField: INodeProperties = {
	displayName: 'Mapping Column Mode',
	name: 'mappingMode',
	type: 'options',
	noDataExpression: true,
	description:
		"How each input item maps to a link: set each field below, or use the item's own fields as they are",
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
	],
	default: 'defineBelow',
	displayOptions: showFor('bulk', ['createMany', 'updateMany', 'syncMany']),
};

export function mappingModeOf(context: IExecuteFunctions): MappingMode {
	return context.getNodeParameter('mappingMode', 0, 'defineBelow') === 'autoMap'
		? 'autoMap'
		: 'defineBelow';
}
