import { API_KEY, baseUrl, received, useTestApi } from './test-api';
import { creds, DECL, engine } from './test-nodes';

useTestApi();

describe('Engine', () => {
	it('runs listSearch and loadOptions methods with authenticated requests', async () => {
		const search = await engine.listSearch({
			type: DECL,
			method: 'searchDomains',
			parameters: { resource: 'link', operation: 'createMany' },
			filter: 'link',
			paginationToken: 'tok',
			credentials: creds(),
		});
		expect(search).toEqual({
			results: [{ name: 'link.example', value: 'link.example' }],
			paginationToken: 'page-2',
		});
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
		const first = await engine.poll({
			type: 'test.pollingTest',
			parameters: {},
			credentials: creds(),
		});
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
		await expect(
			engine.testCredential({ credentialType: 'testApi', data: { baseUrl, apiKey: API_KEY } }),
		).resolves.toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(received[0]).toMatchObject({ method: 'GET', url: '/me' });
		expect(received[0].headers['x-api-key']).toBe(API_KEY);

		const bad = await engine.testCredential({
			credentialType: 'testApi',
			data: { baseUrl, apiKey: 'wrong' },
		});
		// n8n reports the HTTP status text; the body's message is kept alongside
		expect(bad).toMatchObject({
			status: 'Error',
			message: 'Invalid API key',
			httpCode: 401,
			serverMessage: 'Invalid API key',
		});
		expect(bad.responseBody).toEqual({ message: 'Invalid API key' });
	});

	it('runs a workflow from a Manual Trigger through our node and a Code node', async () => {
		const run = await engine.runWorkflow(
			{
				nodes: [
					{
						id: '1',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
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
						parameters: {
							jsCode: 'return $input.all().map(i => ({ json: { short: i.json.short, n: 1 } }));',
						},
					},
					{
						id: '4',
						name: 'Note',
						type: 'n8n-nodes-base.stickyNote',
						typeVersion: 1,
						position: [0, 200],
						parameters: { content: 'hi' },
					},
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
		expect(runData.Code[0].data!.main[0]!.map((i) => i.json)).toEqual([
			{ short: 'https://sho.rt/abc', n: 1 },
		]);
	});
});
