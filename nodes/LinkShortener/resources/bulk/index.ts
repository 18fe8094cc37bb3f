import type { INodeProperties } from 'n8n-workflow';

import { settlingEveryRow } from '../../batches/stoppedRun';
import { createMany, createManyFields } from './createMany';
import { mappingModeField } from './mappingMode';
import { syncMany, syncManyFields } from './syncMany';
import { updateMany, updateManyFields } from './updateMany';

/** The bulk operations run as code (batches, pacing, per-row errors), not through routing. */
export const bulkOperations = settlingEveryRow({ createMany, updateMany, syncMany });

export const bulkDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['bulk'] } },
		options: [
			{
				name: 'Create Many',
				value: 'createMany',
				description: 'Create one short link per input item, sending up to 10,000 per request',
				action: 'Create many short links',
			},
			{
				name: 'Sync Many',
				value: 'syncMany',
				description:
					'Make the account mirror the input items: create the missing links, update the ones that differ, leave equal ones alone',
				action: 'Sync many links',
			},
			{
				name: 'Update Many',
				value: 'updateMany',
				description: 'Update one link per input item, sending many updates per request',
				action: 'Update many links',
			},
		],
		default: 'createMany',
	},
	mappingModeField,
	...createManyFields,
	...updateManyFields,
	...syncManyFields,
];
