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
				'Use the fields of each input item that have the same names as the link fields (longUrl, title, path, domain, expiredAt, tags, and the link ID for updates); fastest for large inputs',
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
