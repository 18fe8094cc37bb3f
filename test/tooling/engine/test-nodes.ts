import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type {
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';

import { Engine } from '../../../dev/engine/engine';
import { API_KEY, baseUrl } from './test-api';

/** A credential and three node types (declarative, polling, programmatic) for the engine runner's own tests. */
const testApi: ICredentialType = {
	name: 'testApi',
	displayName: 'Test API',
	properties: [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: 'https://api.invalid' },
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
	],
	authenticate: {
		type: 'generic',
		properties: { headers: { 'X-API-Key': '={{$credentials.apiKey}}' } },
	},
	test: { request: { baseURL: '={{$credentials.baseUrl}}', url: '/me' } },
};

async function apiRequest(
	this: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions,
	method: 'GET' | 'POST',
	path: string,
	options: { body?: IDataObject; qs?: IDataObject } = {},
): Promise<IDataObject> {
	const credentials = await this.getCredentials('testApi');
	return (await this.helpers.httpRequestWithAuthentication.call(this, 'testApi', {
		method,
		baseURL: credentials.baseUrl as string,
		url: path,
		json: true,
		...options,
	})) as IDataObject;
}

const declarativeNode: INodeType = {
	description: {
		displayName: 'Declarative Test',
		name: 'declarativeTest',
		group: ['transform'],
		version: 1,
		description: 'test',
		defaults: { name: 'Declarative Test' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'testApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Link', value: 'link' }],
				default: 'link',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['link'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get a link',
						routing: { request: { method: 'GET', url: '=/links/{{$parameter.linkId}}' } },
					},
					{
						name: 'Fail',
						value: 'fail',
						action: 'Fail',
						routing: { request: { method: 'GET', url: '/fail' } },
					},
					{ name: 'Create Many', value: 'createMany', action: 'Create many links' },
				],
				default: 'get',
			},
			{
				displayName: 'Link ID',
				name: 'linkId',
				type: 'string',
				default: '',
				displayOptions: { show: { operation: ['get'] } },
			},
			{
				displayName: 'Domain',
				name: 'domain',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: { searchListMethod: 'searchDomains', searchable: true },
					},
					{ displayName: 'ID', name: 'id', type: 'string' },
				],
				displayOptions: { show: { operation: ['createMany'] } },
			},
			{
				displayName: 'Tag Names or IDs',
				name: 'tags',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getTags' },
				default: [],
				displayOptions: { show: { operation: ['createMany'] } },
			},
		],
	},
	customOperations: {
		link: {
			async createMany(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
				const items = this.getInputData();
				const out: INodeExecutionData[] = [];
				for (let i = 0; i < items.length; i++) {
					const domain = this.getNodeParameter('domain', i, '', { extractValue: true }) as string;
					const response = await apiRequest.call(this, 'POST', '/links', {
						body: { url: items[i].json.url as string, domain, index: i },
					});
					out.push({ json: response, pairedItem: { item: i } });
				}
				return [out];
			},
		},
	},
	methods: {
		listSearch: {
			async searchDomains(
				this: ILoadOptionsFunctions,
				filter?: string,
				paginationToken?: string,
			): Promise<INodeListSearchResult> {
				const response = await apiRequest.call(this, 'GET', '/domains', {
					qs: { q: filter ?? '', token: paginationToken ?? '' },
				});
				return {
					results: (response.domains as string[]).map((d) => ({ name: d, value: d })),
					paginationToken: response.next as string,
				};
			},
		},
		loadOptions: {
			async getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const operation = this.getCurrentNodeParameter('operation') as string;
				const response = (await apiRequest.call(this, 'GET', '/tags')) as unknown as IDataObject[];
				return response.map((t) => ({
					name: `${t.name as string} (${operation})`,
					value: t.name as string,
				}));
			},
		},
	},
};

const pollingNode: INodeType = {
	description: {
		displayName: 'Polling Test',
		name: 'pollingTest',
		group: ['trigger'],
		version: 1,
		description: 'test',
		defaults: { name: 'Polling Test' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'testApi', required: true }],
		properties: [],
	},
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const staticData = this.getWorkflowStaticData('node');
		const after =
			this.getMode() === 'manual' ? 0 : ((staticData.lastId as number | undefined) ?? 0);
		const { events } = (await apiRequest.call(this, 'GET', '/events', { qs: { after } })) as {
			events: IDataObject[];
		};
		if (!events.length) return null;
		if (this.getMode() !== 'manual') staticData.lastId = events[events.length - 1].id;
		return [this.helpers.returnJsonArray(events)];
	},
};

const programmaticNode: INodeType = {
	description: {
		displayName: 'Programmatic Test',
		name: 'programmaticTest',
		group: ['transform'],
		version: [1, 2],
		description: 'test',
		defaults: { name: 'Programmatic Test' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'testApi', required: true }],
		properties: [{ displayName: 'Path', name: 'path', type: 'string', default: '/fail' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				const json = await apiRequest.call(this, 'GET', this.getNodeParameter('path', i) as string);
				out.push({
					json: { ...json, version: this.getNode().typeVersion },
					pairedItem: { item: i },
				});
			} catch (error) {
				if (this.continueOnFail()) {
					out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				if (error instanceof NodeApiError || error instanceof NodeOperationError) {
					error.context.itemIndex = i;
					// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- already a NodeApiError or NodeOperationError, given its item index
					throw error;
				}
				throw new NodeApiError(this.getNode(), error as JsonObject, { itemIndex: i });
			}
		}
		return [out];
	},
};

export const DECL = 'test.declarativeTest';
export const engine = new Engine({
	nodeTypes: {
		[DECL]: declarativeNode,
		'test.pollingTest': pollingNode,
		'test.programmaticTest': programmaticNode,
	},
	credentialTypes: [testApi],
});
export const creds = () => ({ testApi: { baseUrl, apiKey: API_KEY } });
