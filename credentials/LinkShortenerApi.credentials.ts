import type {
	IAuthenticate,
	IAuthenticateRuleResponseCode,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/LinkShortener/http/endpoints';

const WRONG_BASE_URL =
	'Nothing answers at this Base URL: it should be the API root, ending in /api';

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
			description: 'The root of the API, ending in /api. A trailing slash is ignored.',
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

	/**
	 * A function, not the generic `={{$credentials.apiKey}}` header: n8n evaluates a generic
	 * header as an expression on every request, and n8n 2.41 can take the expression engine
	 * away from a trigger's poll while it still runs (a poll that overlaps it releases the
	 * workflow's shared isolate). Then every request of the running poll would fail.
	 */
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, 'X-API-Key': String(credentials.apiKey ?? '') },
	});

	/**
	 * D10: n8n's helpers would follow a redirect to any host with the key, so the test follows
	 * none (the operations follow same-origin ones themselves). A 200 that is not the API's
	 * JSON (a portal page at the Base URL) fails too: its `data.items` is missing.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/v1/domains',
			method: 'GET',
			qs: { itemsPerPage: 1 },
			disableFollowRedirect: true,
		},
		// n8n's tester reads each rule by its type; the type of `rules` allows one kind per list only.
		rules: [
			{
				type: 'responseCode',
				properties: { value: 401, message: 'The API key is missing, invalid or expired' },
			},
			{
				type: 'responseCode',
				properties: { value: 404, message: WRONG_BASE_URL },
			},
			...[301, 302, 303, 307, 308].map((value) => ({
				type: 'responseCode',
				properties: {
					value,
					message: `The Base URL answers ${value} with a redirect, which the test does not follow, so the key went nowhere else: set the Base URL to the API root the redirect points at (ending in /api)`,
				},
			})),
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'data.items',
					value: undefined,
					message:
						"The Base URL answered, but not with the API's JSON list of domains: it should be the API root, ending in /api",
				},
			},
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
