import { NodeApiError } from 'n8n-workflow';

import { API_KEY, baseUrl, received, useTestApi } from './test-api';
import { creds, DECL, engine } from './test-nodes';

useTestApi();

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
			input: [
				{ url: 'https://a.example' },
				{ url: 'https://b.example' },
				{ json: { url: 'https://c.example' } },
			],
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
		expect(declarative.run.data.resultData.runData.Node[0].error?.message).toBe(
			declarative.error!.message,
		);

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
		const v1 = await engine.runNode({
			type: 'test.programmaticTest',
			typeVersion: 1,
			parameters: { path: '/me' },
			credentials: creds(),
		});
		const latest = await engine.runNode({
			type: 'test.programmaticTest',
			parameters: { path: '/me' },
			credentials: creds(),
		});
		expect(v1.items[0].json).toEqual({ user: 'tester', version: 1 });
		expect(latest.items[0].json).toEqual({ user: 'tester', version: 2 });
	});
});
