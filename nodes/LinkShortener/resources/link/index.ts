import type { INodeProperties } from 'n8n-workflow';

import { create, createFields } from './create';
import { get, getFields } from './get';
import { getMany, getManyFields } from './getMany';
import { update, updateFields } from './update';

export const linkDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['link'] } },
		options: [create, get, getMany, update],
		default: 'create',
	},
	...createFields,
	...getFields,
	...getManyFields,
	...updateFields,
];
