import {
	NodeConnectionTypes,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { getVerifiedDomains } from './methods/loadOptions';
import { searchLinks } from './methods/listSearch';
import { analytics } from './resources/analytics';
import { bulk } from './resources/bulk';
import { domain } from './resources/domain';
import { link } from './resources/link';
import { PANEL_DESCRIPTION } from './panelDescription';
import { CREDENTIAL_TYPE } from './http/endpoints';
import { operationSubtitle } from './fields/subtitle';
import { ROUTED_REQUEST_DEFAULTS } from './n8n/toolPath';

const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Analytics', value: 'analytics' },
			{ name: 'Bulk', value: 'bulk' },
			{ name: 'Domain', value: 'domain' },
			{ name: 'Link', value: 'link' },
		],
		default: 'link',
	},
	...link.description,
	...bulk.description,
	...analytics.description,
	...domain.description,
];

export class LinkShortener implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Link Shortener',
		name: 'linkShortener',
		icon: { light: 'file:linkShortener.svg', dark: 'file:linkShortener.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(properties),
		description: PANEL_DESCRIPTION,
		defaults: { name: 'Link Shortener' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		requestDefaults: ROUTED_REQUEST_DEFAULTS,
		properties,
	};

	methods = {
		listSearch: { searchLinks },
		loadOptions: { getVerifiedDomains },
	};

	/** Every operation runs as code (docs/architecture.md): checked rows, paired error items, redirects kept within the API's origin. */
	customOperations = {
		analytics: analytics.runs,
		bulk: bulk.runs,
		domain: domain.runs,
		link: link.runs,
	};
}
