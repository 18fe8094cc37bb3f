/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development tooling, not loaded by n8n */
/**
 * A scripted tour of the node without n8n's editor: starts the sandbox API, runs the Link
 * Shortener node through n8n's real execution engine (n8n-core) for each resource, and prints
 * what the node output and what the server received.
 *   npm run demo
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'link-shortener-demo-'));
process.env.N8N_ENCRYPTION_KEY ??= 'link-shortener-demo';
process.env.N8N_LOG_LEVEL ??= 'silent';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LinkShortenerApi } from '../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../nodes/LinkShortener/LinkShortener.node';
import { Engine } from '../dev/engine/engine';
import { Sandbox } from '../dev/sandbox/server';

const TYPE = 'n8n-nodes-link-shortener.linkShortener';

async function main() {
	const sandbox = await Sandbox.start();
	const engine = new Engine({
		nodeTypes: { [TYPE]: new LinkShortener() },
		credentialTypes: [new LinkShortenerApi()],
	});
	const credentials = { linkShortenerApi: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } };
	console.log(`Sandbox API at ${sandbox.baseUrl} (key ${sandbox.apiKey})\n`);

	async function step(
		title: string,
		parameters: INodeParameters,
		input?: IDataObject[],
		show = (json: IDataObject) => json,
	) {
		sandbox.clearRequests();
		const { items, error } = await engine.runNode({ type: TYPE, parameters, input, credentials });
		console.log(`▶ ${title}`);
		for (const request of sandbox.requests)
			console.log(`  sent ${request.method} /api${request.path} → ${request.status}`);
		if (error) console.log(`  error: ${error.message}`);
		for (const item of items.slice(0, 5)) console.log(`  item: ${JSON.stringify(show(item.json))}`);
		if (items.length > 5) console.log(`  … ${items.length} items in all`);
		console.log('');
		return items;
	}

	const created = await step(
		'Link → Create, one per input row ({{ $json.url }})',
		{
			resource: 'link',
			operation: 'create',
			longUrl: '={{ $json.url }}',
			title: '={{ $json.name }}',
		},
		[
			{ url: 'https://shop.example.com/spring-sale', name: 'Spring sale' },
			{ url: 'https://blog.example.com/launch', name: 'Launch post' },
		],
		(json) => ({ shortUrl: json.shortUrl, longUrl: json.longUrl, title: json.title }),
	);
	await step(
		'Bulk → Create Many, 2,500 rows mapped automatically (one request)',
		{ resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
		Array.from({ length: 2500 }, (_, i) => ({
			longUrl: `https://example.com/product/${i}`,
			title: `Product ${i}`,
		})),
		(json) => ({ shortUrl: json.shortUrl, title: json.title }),
	);
	await step(
		'Link → Update by short URL',
		{
			resource: 'link',
			operation: 'update',
			linkId: { __rl: true, mode: 'url', value: String(created[0]?.json.shortUrl) },
			updateFields: { title: 'Spring sale (extended)', tags: 'spring, promo' },
		},
		undefined,
		(json) => ({ id: json.id, title: json.title, updatedAt: json.updatedAt }),
	);
	await step(
		'Link → Get Many, search "product", limit 3',
		{ resource: 'link', operation: 'getMany', limit: 3, filters: { search: 'product' } },
		undefined,
		(json) => ({ shortUrl: json.shortUrl, title: json.title }),
	);
	await step('Analytics → Get Clicks by country', {
		resource: 'analytics',
		operation: 'getClicks',
		groupBy: 'country',
	});
	await step(
		'Domain → Get Many, verified only',
		{ resource: 'domain', operation: 'getMany', returnAll: true, filters: { status: 1 } },
		undefined,
		(json) => ({ domainName: json.domainName, isDefault: json.isDefault }),
	);
	await step('Link → Create with a bad URL: refused before sending', {
		resource: 'link',
		operation: 'create',
		longUrl: 'not a url',
	});

	await sandbox.stop();
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
