import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

import { Engine } from '../../dev/engine/engine';

// ---------------------------------------------------------------------------------------------
// A throwaway local API on 127.0.0.1
// ---------------------------------------------------------------------------------------------
interface Received {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: unknown;
}

const API_KEY = 'secret-key-123';
const received: Received[] = [];
let server: Server;
let baseUrl: string;

function send(res: import('node:http').ServerResponse, status: number, body: unknown, statusText?: string) {
	const payload = JSON.stringify(body);
	res.writeHead(status, statusText ?? '', {
		'content-type': 'application/json',
		'content-length': Buffer.byteLength(payload),
	});
	res.end(payload);
}

beforeAll(async () => {
	server = createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			let body: unknown = raw;
			try {
				body = raw ? JSON.parse(raw) : undefined;
			} catch {
				// keep raw
			}
			received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });

			if (req.headers['x-api-key'] !== API_KEY) {
				return send(res, 401, { message: 'Invalid API key' }, 'Invalid API key');
			}
			const path = url.pathname;
			if (path === '/me') return send(res, 200, { user: 'tester' });
			if (path.startsWith('/links/') && req.method === 'GET') {
				return send(res, 200, { id: path.slice('/links/'.length), short: 'https://sho.rt/abc' });
			}
			if (path === '/links' && req.method === 'POST') {
				return send(res, 201, { created: true, ...(body as IDataObject) });
			}
			if (path === '/fail') return send(res, 500, { message: 'Internal boom' });
			if (path === '/domains') {
				const all = ['short.io', 'sho.rt', 'link.example'];
				const q = url.searchParams.get('q') ?? '';
				return send(res, 200, { domains: all.filter((d) => d.includes(q)), next: 'page-2' });
			}
			if (path === '/tags') return send(res, 200, [{ name: 'Promo' }, { name: 'News' }]);
			if (path === '/events') {
				const after = Number(url.searchParams.get('after') ?? 0);
				const events = [1, 2, 3, 4, 5].filter((id) => id > after).slice(0, 2).map((id) => ({ id }));
				return send(res, 200, { events });
			}
			return send(res, 404, { message: `No route ${req.method} ${path}` });
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
	received.length = 0;
});

// ---------------------------------------------------------------------------------------------
// Inline credential + node types
// ---------------------------------------------------------------------------------------------
const testApi: ICredentialType = {
	name: 'testApi',
	displayName: 'Test API',
	properties: [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: 'https://api.invalid' },
		{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' },
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
					{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchDomains', searchable: true } },
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
			async searchDomains(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
				const response = await apiRequest.call(this, 'GET', '/domains', { qs: { q: filter ?? '', token: paginationToken ?? '' } });
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
				return response.map((t) => ({ name: `${t.name as string} (${operation})`, value: t.name as string }));
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
		const after = this.getMode() === 'manual' ? 0 : ((staticData.lastId as number | undefined) ?? 0);
		const { events } = (await apiRequest.call(this, 'GET', '/events', { qs: { after } })) as { events: IDataObject[] };
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
				out.push({ json: { ...json, version: this.getNode().typeVersion }, pairedItem: { item: i } });
			} catch (error) {
				if (this.continueOnFail()) {
					out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				if (error instanceof NodeApiError || error instanceof NodeOperationError) {
					error.context.itemIndex = i;
					throw error;
				}
				throw new NodeApiError(this.getNode(), error as JsonObject, { itemIndex: i });
			}
		}
		return [out];
	},
};

const DECL = 'test.declarativeTest';
const engine = new Engine({
	nodeTypes: {
		[DECL]: declarativeNode,
		'test.pollingTest': pollingNode,
		'test.programmaticTest': programmaticNode,
	},
	credentialTypes: [testApi],
});
const creds = () => ({ testApi: { baseUrl, apiKey: API_KEY } });

// ---------------------------------------------------------------------------------------------
describe('Engine', () => {
	it('runs a declarative node through RoutingNode with generic credential auth', async () => {
		const result = await engine.runNode({
			type: DECL,
			parameters: { resource: 'link', operation: 'get', linkId: 'abc' },
			credentials: creds(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			expect.objectContaining({ json: { id: 'abc', short: 'https://sho.rt/abc' } }),
		]);
		expect(received).toHaveLength(1);
		expect(received[0]).toMatchObject({ method: 'GET', url: '/links/abc' });
		expect(received[0].headers['x-api-key']).toBe(API_KEY);
		expect(received[0].headers.accept).toBe('application/json');
		expect(result.run.status).toBe('success');
	});

	it('reaches customOperations with every input item', async () => {
		const result = await engine.runNode({
			type: DECL,
			parameters: {
				resource: 'link',
				operation: 'createMany',
				domain: { __rl: true, mode: 'list', value: 'sho.rt' },
			},
			input: [{ url: 'https://a.example' }, { url: 'https://b.example' }, { json: { url: 'https://c.example' } }],
			credentials: creds(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json)).toEqual([
			{ created: true, url: 'https://a.example', domain: 'sho.rt', index: 0 },
			{ created: true, url: 'https://b.example', domain: 'sho.rt', index: 1 },
			{ created: true, url: 'https://c.example', domain: 'sho.rt', index: 2 },
		]);
		expect(received.map((r) => r.headers['x-api-key'])).toEqual([API_KEY, API_KEY, API_KEY]);
	});

	it('turns a 500 into an error item with continueOnFail (declarative)', async () => {
		const result = await engine.runNode({
			type: DECL,
			parameters: { resource: 'link', operation: 'fail' },
			credentials: creds(),
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toHaveProperty('error');
	});

	it('turns a 500 into an error item with continueOnFail (programmatic)', async () => {
		const result = await engine.runNode({
			type: 'test.programmaticTest',
			parameters: { path: '/fail' },
			credentials: creds(),
			continueOnFail: true,
			input: [{}, {}],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		// NodeApiError's message for a 5xx
		expect(result.items[0].json.error).toBe('The service was not able to process your request');
	});

	it('surfaces node errors in result.error without throwing', async () => {
		const declarative = await engine.runNode({
			type: DECL,
			parameters: { resource: 'link', operation: 'fail' },
			credentials: creds(),
		});
		expect(declarative.items).toEqual([]);
		expect(declarative.error).toBeDefined();
		expect(declarative.error!.httpCode).toBe('500');
		expect(declarative.error!.message).toBeTruthy();
		expect(declarative.run.status).toBe('error');
		expect(declarative.error).toBeInstanceOf(NodeApiError);
		expect(declarative.error!.description).toBe('Internal boom');
		expect(declarative.error!.context?.itemIndex).toBe(0);
		// the run itself carries the serialized copy
		expect(declarative.run.data.resultData.runData.Node[0].error?.message).toBe(declarative.error!.message);

		const programmatic = await engine.runNode({
			type: 'test.programmaticTest',
			typeVersion: 1,
			parameters: { path: '/fail' },
			input: [{}, {}],
			credentials: creds(),
		});
		expect(programmatic.error).toBeDefined();
		expect(programmatic.error!.httpCode).toBe('500');
		expect(programmatic.error!.context?.itemIndex).toBe(0);
		expect(programmatic.error).toBeInstanceOf(NodeApiError);
		expect(programmatic.error!.message).toBe('The service was not able to process your request');
		expect(programmatic.error!.description).toBe('Internal boom');
	});

	it('reports wrong credentials as a 401 node error', async () => {
		const result = await engine.runNode({
			type: 'test.programmaticTest',
			parameters: { path: '/me' },
			credentials: { testApi: { baseUrl, apiKey: 'nope' } },
		});
		expect(result.error?.httpCode).toBe('401');
	});

	it('picks the requested typeVersion', async () => {
		const v1 = await engine.runNode({ type: 'test.programmaticTest', typeVersion: 1, parameters: { path: '/me' }, credentials: creds() });
		const latest = await engine.runNode({ type: 'test.programmaticTest', parameters: { path: '/me' }, credentials: creds() });
		expect(v1.items[0].json).toEqual({ user: 'tester', version: 1 });
		expect(latest.items[0].json).toEqual({ user: 'tester', version: 2 });
	});

	it('runs listSearch and loadOptions methods with authenticated requests', async () => {
		const search = await engine.listSearch({
			type: DECL,
			method: 'searchDomains',
			parameters: { resource: 'link', operation: 'createMany' },
			filter: 'link',
			paginationToken: 'tok',
			credentials: creds(),
		});
		expect(search).toEqual({ results: [{ name: 'link.example', value: 'link.example' }], paginationToken: 'page-2' });
		expect(received[0].url).toBe('/domains?q=link&token=tok');
		expect(received[0].headers['x-api-key']).toBe(API_KEY);

		const options = await engine.loadOptions({
			type: DECL,
			method: 'getTags',
			parameters: { resource: 'link', operation: 'createMany' },
			credentials: creds(),
		});
		expect(options).toEqual([
			{ name: 'Promo (createMany)', value: 'Promo' },
			{ name: 'News (createMany)', value: 'News' },
		]);
		expect(received[1].headers['x-api-key']).toBe(API_KEY);
	});

	it('polls with static data persisting between calls', async () => {
		const first = await engine.poll({ type: 'test.pollingTest', parameters: {}, credentials: creds() });
		expect(first.items?.[0].map((i) => i.json)).toEqual([{ id: 1 }, { id: 2 }]);
		expect(first.staticData).toEqual({ lastId: 2 });

		const second = await engine.poll({
			type: 'test.pollingTest',
			parameters: {},
			credentials: creds(),
			staticData: first.staticData,
		});
		expect(second.items?.[0].map((i) => i.json)).toEqual([{ id: 3 }, { id: 4 }]);
		expect(second.staticData).toEqual({ lastId: 4 });
		expect(received.map((r) => r.url)).toEqual(['/events?after=0', '/events?after=2']);

		const manual = await engine.poll({
			type: 'test.pollingTest',
			parameters: {},
			credentials: creds(),
			staticData: second.staticData,
			mode: 'manual',
		});
		expect(manual.items?.[0].map((i) => i.json)).toEqual([{ id: 1 }, { id: 2 }]);
		expect(manual.staticData).toEqual({ lastId: 4 });
	});

	it('tests credentials: OK and Error', async () => {
		await expect(engine.testCredential({ credentialType: 'testApi', data: { baseUrl, apiKey: API_KEY } })).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(received[0]).toMatchObject({ method: 'GET', url: '/me' });
		expect(received[0].headers['x-api-key']).toBe(API_KEY);

		const bad = await engine.testCredential({ credentialType: 'testApi', data: { baseUrl, apiKey: 'wrong' } });
		// n8n reports the HTTP status text; the body's message is kept alongside
		expect(bad).toMatchObject({ status: 'Error', message: 'Invalid API key', httpCode: 401, serverMessage: 'Invalid API key' });
		expect(bad.responseBody).toEqual({ message: 'Invalid API key' });
	});

	it('runs a workflow from a Manual Trigger through our node and a Code node', async () => {
		const run = await engine.runWorkflow(
			{
				nodes: [
					{ id: '1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
					{
						id: '2',
						name: 'Get Link',
						type: DECL,
						typeVersion: 1,
						position: [200, 0],
						parameters: { resource: 'link', operation: 'get', linkId: 'xyz' },
						credentials: { testApi: { id: '1', name: 'Test account' } },
					},
					{
						id: '3',
						name: 'Code',
						type: 'n8n-nodes-base.code',
						typeVersion: 2,
						position: [400, 0],
						parameters: { jsCode: 'return $input.all().map(i => ({ json: { short: i.json.short, n: 1 } }));' },
					},
					{ id: '4', name: 'Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [0, 200], parameters: { content: 'hi' } },
				],
				connections: {
					Start: { main: [[{ node: 'Get Link', type: 'main', index: 0 }]] },
					'Get Link': { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
				},
			},
			creds(),
		);
		expect(run.status).toBe('success');
		const { runData } = run.data.resultData;
		expect(Object.keys(runData).sort()).toEqual(['Code', 'Get Link', 'Start']);
		expect(runData.Code[0].data!.main[0]!.map((i) => i.json)).toEqual([{ short: 'https://sho.rt/abc', n: 1 }]);
	});
});
