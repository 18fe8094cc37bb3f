import type { INodeProperties } from 'n8n-workflow';

import { createManyFields } from '../resources/bulk/createMany';
import { mappingModeField } from '../resources/bulk/mappingMode';
import { updateManyFields } from '../resources/bulk/updateMany';

export const bulkOperations: INodeProperties = {
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
			name: 'Update Many',
			value: 'updateMany',
			description: 'Update one link per input item, sending many updates per request',
			action: 'Update many links',
		},
	],
	default: 'createMany',
};

export const bulkFields: INodeProperties[] = [mappingModeField, ...createManyFields, ...updateManyFields];
