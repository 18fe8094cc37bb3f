import type { INodeProperties } from 'n8n-workflow';

import { getClicks, getClicksFields } from './getClicks';

export const analyticsDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [getClicks],
		default: 'getClicks',
	},
	...getClicksFields,
];
