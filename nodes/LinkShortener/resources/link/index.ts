import type { INodeProperties } from 'n8n-workflow';

import { settlingEveryRow } from '../../batches/stoppedRun';
import { create, createFields } from './create';
import { get, getFields } from './get';
import { getMany, getManyFields } from './getMany';
import { update, updateFields, updateLink } from './update';

/** The link operations run as code: Link > Update goes through the batch runner. */
export const linkOperations = settlingEveryRow({ update: updateLink });

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
