/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * n8n's own HTTP Request node (n8n-nodes-base, from the cached real n8n that npm run
 * n8n:install puts outside the repository; n8n-nodes-base is not a dependency of this package),
 * run through the same engine, with its pagination set up as a user would for this API.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeParameters, IVersionedNodeType } from 'n8n-workflow';

import { layout } from '../../dev/n8n';
import type { Job } from './jobs';

export const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';
export const HTTP_REQUEST_VERSION = 4.5;

const nodeFile = () =>
	join(
		layout().n8nRoot,
		'node_modules',
		'n8n-nodes-base',
		'dist',
		'nodes',
		'HttpRequest',
		'HttpRequest.node.js',
	);

/** Whether the cached n8n is there (else the bench says how to get it). */
export function httpRequestAvailable(): boolean {
	return existsSync(nodeFile());
}

export function loadHttpRequestNode(): IVersionedNodeType {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(nodeFile()) as { HttpRequest: new () => IVersionedNodeType };
	return new HttpRequest();
}

/**
 * POST /v1/links/list with the key in a header, `page` raised by the pagination on each request
 * and complete once the pages fetched cover `total` (or a page is empty): one request per page.
 */
export function httpRequestParameters(job: Job): INodeParameters {
	const pageSize = job.pageSize ?? 100;
	return {
		method: 'POST',
		url: `${job.baseUrl}/v1/links/list`,
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'X-API-Key', value: job.apiKey }] },
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: JSON.stringify({ page: 1, itemsPerPage: pageSize }),
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: {
						parameters: [{ type: 'body', name: 'page', value: '={{ $pageCount + 1 }}' }],
					},
					paginationCompleteWhen: 'other',
					completeExpression: `={{ $response.body.data.items.length === 0 || $pageCount * ${pageSize} >= $response.body.data.total }}`,
					limitPagesFetched: true,
					maxRequests: 10_000,
				},
			},
		},
	};
}
