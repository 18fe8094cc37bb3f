import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class LinkShortenerApi implements ICredentialType {
	name = 'linkShortenerApi';

	displayName = 'Link Shortener API';

	icon: Icon = {
		light: 'file:linkShortener.svg',
		dark: 'file:linkShortener.dark.svg',
	};

	documentationUrl = 'https://github.com/link-shortener/n8n-nodes-link-shortener#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://links.example.com/api',
			description:
				'The root of the API, ending in /api. A trailing slash is ignored.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The key generated in the customer portal of your account',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-API-Key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/domains',
			method: 'GET',
			qs: { itemsPerPage: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The API key is missing, invalid or expired' },
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answers at this Base URL: it should be the API root, ending in /api',
				},
			},
		],
	};
}
