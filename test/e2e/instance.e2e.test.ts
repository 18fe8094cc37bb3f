/* eslint-disable @n8n/community-nodes/no-restricted-globals -- tests, not loaded by n8n */
/**
 * A started n8n (`n8n start`) with the packed package installed: the editor's REST API lists
 * the node, the trigger and the credential type with their icons; the credential test passes
 * against the sandbox and fails clearly for a wrong key; the polling trigger runs in manual
 * mode (what the editor's "Fetch Test Event" does).
 */
import * as n8n from '../../dev/n8n';
import type { N8nEnv, StartedN8n } from '../../dev/n8n';
import { SEEDED, Sandbox } from '../../dev/sandbox/server';
import { packedTarball, WRONG_API_KEY, bindByName } from './harness';
import {
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	NODE_TYPE,
	PACKAGE_NAME,
	TRIGGER_NODE,
	TRIGGER_TYPE,
	triggerWorkflow,
} from './workflows';

let sandbox: Sandbox;
let userFolder: string;
let env: N8nEnv;
let instance: StartedN8n | undefined;
let rest: n8n.N8nRest;
let credential: n8n.ImportedCredential;
const triggerWf = { ...triggerWorkflow('e2e trigger manual mode'), id: n8n.newId() };

beforeAll(async () => {
	sandbox = await Sandbox.start();
	userFolder = n8n.makeUserFolder('n8n-e2e-instance-');
	n8n.installPackage(userFolder, packedTarball());
	env = n8n.n8nEnv({
		userFolder,
		port: await n8n.getFreePort(),
		brokerPort: await n8n.getFreePort(),
	});
	[credential] = await n8n.importCredentials(env, [
		{
			name: CREDENTIAL_NAME,
			type: CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
		},
	]);
	await n8n.importWorkflows(env, [bindByName(triggerWf, { [credential.name]: credential })]);
	instance = await n8n.startN8n(env, { timeoutMs: 240_000 });
	await new n8n.N8nRest(instance.url).setupOwner();
	rest = new n8n.N8nRest(instance.url);
	await rest.login();
});

afterAll(async () => {
	await instance?.stop();
	await sandbox?.stop();
	if (userFolder && !process.env.E2E_KEEP_USER_FOLDER) n8n.removeUserFolder(userFolder);
});

beforeEach(() => sandbox.reset());

interface TypeDescription {
	name: string;
	displayName: string;
	iconUrl?: string | { light: string; dark: string };
	properties?: Array<{ name: string; options?: Array<{ value: unknown }> }>;
}

function iconUrls(description: TypeDescription): string[] {
	const { iconUrl } = description;
	if (!iconUrl) return [];
	return typeof iconUrl === 'string' ? [iconUrl] : [iconUrl.light, iconUrl.dark].filter(Boolean);
}

async function expectSvgIcons(description: TypeDescription): Promise<void> {
	const urls = iconUrls(description);
	expect({ type: description.name, icons: urls.length }).toEqual({
		type: description.name,
		icons: expect.any(Number),
	});
	expect(urls.length).toBeGreaterThan(0);
	for (const url of urls) {
		expect(url).toContain(`icons/${PACKAGE_NAME}/`);
		const icon = await rest.getRaw(`/${url}`);
		expect({ url, status: icon.status, type: icon.contentType }).toEqual({
			url,
			status: 200,
			type: expect.stringContaining('image/svg'),
		});
		expect(icon.body.toString('utf8')).toContain('<svg');
	}
}

test('the editor lists the node and the trigger, with their icons', async () => {
	const nodeTypes = (await rest.nodeTypesJson()) as TypeDescription[];
	const byName = new Map(nodeTypes.map((t) => [t.name, t]));
	const node = byName.get(NODE_TYPE);
	const trigger = byName.get(TRIGGER_TYPE);
	expect(node?.displayName).toBeTruthy();
	expect(trigger?.displayName).toBeTruthy();
	await expectSvgIcons(node as TypeDescription);
	await expectSvgIcons(trigger as TypeDescription);

	// the description the editor loads for the node keeps the contract's resources
	const [description] = (await rest.nodeDescriptions([
		{ name: NODE_TYPE, version: 1 },
	])) as TypeDescription[];
	const resource = description.properties?.find((p) => p.name === 'resource');
	// (n8n adds its own "Custom API Call" entry to declarative nodes with a credential)
	const values = (resource?.options ?? [])
		.map((o) => o.value)
		.filter((v) => v !== '__CUSTOM_API_CALL__');
	expect(values.sort()).toEqual(['analytics', 'bulk', 'domain', 'link']);
});

test('the editor lists the credential type, with its icon', async () => {
	const credentialTypes = (await rest.credentialTypesJson()) as TypeDescription[];
	const type = credentialTypes.find((t) => t.name === CREDENTIAL_TYPE);
	expect(type?.displayName).toBeTruthy();
	expect(type?.properties?.map((p) => p.name)).toEqual(
		expect.arrayContaining(['baseUrl', 'apiKey']),
	);
	await expectSvgIcons(type as TypeDescription);
});

test('the credential test passes against the sandbox', async () => {
	const result = await rest.testCredential({
		id: credential.id,
		name: credential.name,
		type: CREDENTIAL_TYPE,
		data: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
	});
	expect(result).toMatchObject({ status: 'OK' });
	expect(sandbox.requests.length).toBeGreaterThanOrEqual(1);
	expect(
		sandbox.requests.every((r) => r.headers['x-api-key'] === sandbox.apiKey && r.status === 200),
	).toBe(true);
});

test('the credential test fails with a clear message for a wrong key', async () => {
	const result = await rest.testCredential({
		id: credential.id,
		name: credential.name,
		type: CREDENTIAL_TYPE,
		data: { baseUrl: sandbox.baseUrl, apiKey: WRONG_API_KEY },
	});
	expect(result.status).toBe('Error');
	expect(result.message).toBe('The API key is missing, invalid or expired');
	expect(sandbox.requests.length).toBeGreaterThanOrEqual(1);
	expect(
		sandbox.requests.every((r) => r.headers['x-api-key'] === WRONG_API_KEY && r.status === 401),
	).toBe(true);
});

test('the trigger runs in manual mode ("Fetch Test Event") and emits the latest link', async () => {
	const [newest] = sandbox.addLinks(1, {
		title: 'Newest link for the trigger',
		createdAt: new Date().toISOString(),
	});
	const started = await rest.runManually(triggerWf.id, TRIGGER_NODE);
	expect(started.executionId).toBeTruthy();
	const execution = await rest.waitForExecution(String(started.executionId));
	expect({ status: execution.status, error: execution.data.resultData.error?.message }).toEqual({
		status: 'success',
		error: undefined,
	});
	const items = n8n.nodeItems(execution, TRIGGER_NODE);
	expect(items.length).toBeGreaterThanOrEqual(1);
	expect(items[0]).toMatchObject({ id: newest.id, title: 'Newest link for the trigger' });
	expect(items.map((i) => i.id)).not.toContain(SEEDED.foreignLinks[0].id);
	expect(sandbox.requests.length).toBeGreaterThanOrEqual(1);
	expect(
		sandbox.requests.every((r) => r.headers['x-api-key'] === sandbox.apiKey && r.status === 200),
	).toBe(true);
});
