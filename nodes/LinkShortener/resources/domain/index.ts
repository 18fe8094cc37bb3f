import type { INodeProperties } from 'n8n-workflow';

import { getMany, getManyFields } from './getMany';

export const domainDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['domain'] } },
		options: [getMany],
		default: 'getMany',
	},
	...getManyFields,
];
