import type { IDataObject, INodeProperties } from 'n8n-workflow';

export type IfExists = 'create' | 'returnExisting';

/** `options.ifExists` of Link > Create and Bulk > Create Many (D11). */
export const ifExistsOption: INodeProperties = {
	displayName: 'If Link Exists',
	name: 'ifExists',
	type: 'options',
	options: [
		{
			name: 'Create Another',
			value: 'create',
			description: 'Always create a new link, even when one with the same long URL exists',
		},
		{
			name: 'Return Existing',
			value: 'returnExisting',
			description:
				'Output the newest link whose long URL is exactly this one instead of creating another; each item gets "linkCreated" (true or false)',
		},
	],
	default: 'create',
	description:
		'What to do when the account already has a link with exactly this long URL (after UTM parameters). Return Existing makes re-running a workflow safe.',
};

export function ifExistsOf(options: IDataObject): IfExists {
	return options.ifExists === 'returnExisting' ? 'returnExisting' : 'create';
}
