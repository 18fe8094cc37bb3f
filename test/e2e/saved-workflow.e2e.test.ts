/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * A workflow saved by version 0.1 (test/e2e/fixtures/saved-by-0.1.json: every operation with
 * 0.1's parameter names; as n8n saves a node, the Create node holds no parameter at its default,
 * not even `resource` and `operation`) imported and run unchanged, apart from the credential
 * id: saved workflows must keep working across releases.
 */
import * as fs from 'fs';
import * as path from 'path';

import { nodeItems } from '../../dev/n8n';
import type { WorkflowJson } from '../../dev/n8n';
import { requestSummary, useN8nSuite } from './harness';

const saved = JSON.parse(
	fs.readFileSync(path.join(__dirname, 'fixtures', 'saved-by-0.1.json'), 'utf8'),
) as WorkflowJson;
const suite = useN8nSuite();
const workflow = suite.workflow(saved);

test('a workflow saved by 0.1 runs unchanged: every operation outputs what it did', async () => {
	const run = await suite.executeOk(workflow);
	const json = (node: string) => nodeItems(run, node);
	const count = (node: string) => json(node).length;
	expect({
		Create: count('Create'),
		Get: count('Get'),
		Update: count('Update'),
		'Create Many': count('Create Many'),
		'Update Many': count('Update Many'),
		'Get Many': count('Get Many'),
		Domains: count('Domains'),
	}).toEqual({
		Create: 2,
		Get: 2,
		Update: 2,
		'Create Many': 2,
		'Update Many': 2,
		'Get Many': 2,
		Domains: 2,
	});
	expect(count('Clicks')).toBeGreaterThan(0);

	const created = json('Create');
	expect(created.map((link) => link.longUrl)).toEqual([
		'https://shop.example.com/spring-sale',
		'https://docs.example.org/',
	]);
	expect(created[0].tags).toEqual([{ name: 'spring' }, { name: 'promo' }]);
	expect(json('Update').map((link) => link.title)).toEqual([
		'Spring sale (updated)',
		'Docs home (updated)',
	]);
	expect(json('Update Many').map((link) => String(link.expiredAt).slice(0, 10))).toEqual([
		'2031-06-30',
		'2031-06-30',
	]);

	const summary = requestSummary(suite.sandbox);
	expect(summary.filter((line) => !/ 2\d\d$/.test(line))).toEqual([]);
	const paths = suite.sandbox.requests.map((r) => `${r.method} ${r.path}`);
	expect(paths.filter((p) => /^POST \/v1\/links\/?$/.test(p))).toHaveLength(2);
	expect(paths.filter((p) => p === 'POST /v1/links/bulk')).toHaveLength(2); // batchSize 1
	expect(paths.filter((p) => p === 'POST /public/links/list')).toHaveLength(1); // apiPaths legacy, limit 2
	expect(paths.filter((p) => p === 'PATCH /public/links/bulk')).toHaveLength(3); // two Link > Update, one bulk
	const analytics = suite.sandbox.requests.find((r) => r.path === '/v1/analytics/clicks');
	expect(analytics?.query).toMatchObject({ group_by: 'country', from: '2024-01-01' });
	expect(suite.sandbox.requests.every((r) => r.headers['x-api-key'] === suite.sandbox.apiKey)).toBe(
		true,
	);
});
