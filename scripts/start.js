#!/usr/bin/env node
'use strict';
/**
 * `npm start`: a local n8n with this package installed, wired to the sandbox API.
 *
 *   1. npm run build, npm pack
 *   2. the sandbox (dev/sandbox/cli.ts) on port 5680 (another free port if 5680 is busy)
 *   3. a real n8n 2.41.1 from the cache (installed on first use: about 3.1 GB, 6.5-9 min on a
 *      2-core machine, said up front, progress every 10 s)
 *   4. a fresh n8n user folder with the packed package in .n8n/nodes (as the Community Nodes
 *      installer lays it out), a credential "Link Shortener Sandbox" for the sandbox, and the
 *      example workflows from examples/
 *   5. n8n on http://localhost:5678 (N8N_PORT to change), owner account created through
 *      POST /rest/owner/setup (the endpoint the editor's setup form calls)
 * Ctrl-C stops n8n and the sandbox and deletes the temporary user folder.
 *
 * Options: --no-build (pack the current dist/ as is), --keep (keep the user folder),
 *          --verbose (echo n8n's log to the console; it is always written to n8n.log),
 *          --links=N (a large account: N more links in the sandbox, e.g. 1000000, seeded in
 *          about 10 s; try Link > Export to File on it).
 * Environment: N8N_PORT (5678), SANDBOX_PORT (5680), N8N_LISTEN_ADDRESS (127.0.0.1),
 *          N8N_CACHE_DIR (where n8n is cached, default ~/.cache/n8n-nodes-link-shortener/n8n-2.41.1).
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../dev/n8n');

const args = new Set(process.argv.slice(2));
const SEED_LINKS = Number(
	(process.argv.find((arg) => arg.startsWith('--links=')) || '--links=0').slice('--links='.length),
);
const REPO = path.resolve(__dirname, '..');
const EXAMPLES = path.join(REPO, 'examples');
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 5680);
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const CREDENTIAL = {
	id: 'sandbox-credential',
	name: 'Link Shortener Sandbox',
	type: 'linkShortenerApi',
};

function say(message) {
	process.stdout.write(`[start] ${message}\n`);
}

const running = { sandbox: undefined, n8n: undefined, userFolder: undefined, packDir: undefined };
let stopping = false;

async function stopAll(code) {
	if (stopping) return;
	stopping = true;
	say('stopping n8n and the sandbox...');
	await Promise.allSettled([
		running.n8n && running.n8n.stop(),
		running.sandbox && running.sandbox.stop(),
	]);
	if (running.packDir) n8n.removeTempDir(running.packDir);
	if (running.userFolder && !args.has('--keep')) n8n.removeUserFolder(running.userFolder);
	else if (running.userFolder) say(`kept the user folder ${running.userFolder}`);
	say('stopped.');
	process.exit(code);
}

process.on('SIGINT', () => {
	if (stopping) {
		say('second Ctrl-C: killing now');
		process.exit(130);
	}
	void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));

function loadExamples() {
	if (!fs.existsSync(EXAMPLES)) return [];
	return fs
		.readdirSync(EXAMPLES)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({ file: f, json: JSON.parse(fs.readFileSync(path.join(EXAMPLES, f), 'utf8')) }));
}

async function main() {
	const t0 = Date.now();
	if (!(await n8n.isPortFree(N8N_PORT))) {
		throw new Error(
			`port ${N8N_PORT} is already in use (another n8n?). Stop it or set N8N_PORT=<port>.`,
		);
	}
	if (!n8n.isInstalled()) say(`${n8n.firstRunNotice()}. Progress is shown every 10 s.`);

	// 1. build + pack
	if (args.has('--no-build')) say('skipping the build (--no-build)');
	else say('building (npm run build)...');
	const tarball = n8n.packPackage({ build: !args.has('--no-build'), stdio: 'inherit' });
	running.packDir = path.dirname(tarball);
	say(`packed ${path.basename(tarball)}`);

	// 2. sandbox
	const sandboxPort = await n8n.preferPort(SANDBOX_PORT);
	if (sandboxPort !== SANDBOX_PORT)
		say(`port ${SANDBOX_PORT} is busy; the sandbox uses ${sandboxPort}`);
	running.sandbox = await n8n.startSandboxProcess({ port: sandboxPort, seedLinks: SEED_LINKS });
	say(`sandbox API at ${running.sandbox.baseUrl} (API key ${running.sandbox.apiKey})`);

	// 3. n8n (cached)
	await n8n.ensureN8n();

	// 4. user folder, package, credential, examples
	running.userFolder = n8n.makeUserFolder('n8n-link-shortener-dev-');
	const installed = n8n.installPackage(running.userFolder, tarball);
	say(
		`installed ${installed.name}@${installed.version} into ${path.join(running.userFolder, '.n8n', 'nodes')}`,
	);
	const env = n8n.n8nEnv({
		userFolder: running.userFolder,
		port: N8N_PORT,
		brokerPort: await n8n.getFreePort(),
		// 127.0.0.1 by default; N8N_LISTEN_ADDRESS=0.0.0.0 to reach the editor from another machine
		extra: { N8N_LISTEN_ADDRESS: process.env.N8N_LISTEN_ADDRESS || '127.0.0.1' },
	});
	say('importing the credential and the example workflows...');
	const [credential] = await n8n.importCredentials(env, [
		{ ...CREDENTIAL, data: { baseUrl: running.sandbox.baseUrl, apiKey: running.sandbox.apiKey } },
	]);
	const examples = loadExamples();
	if (examples.length) {
		await n8n.importWorkflows(
			env,
			examples.map((e) =>
				n8n.bindCredentials(e.json, {
					[CREDENTIAL.type]: { id: credential.id, name: credential.name },
				}),
			),
		);
		say(
			`imported ${examples.length} example workflow(s): ${examples.map((e) => e.file).join(', ')}`,
		);
	} else {
		say('no examples/*.json to import');
	}

	// 5. n8n start + owner
	const logFile = path.join(running.userFolder, 'n8n.log');
	say(`starting n8n (log: ${logFile})...`);
	running.n8n = await n8n.startN8n(env, {
		logFile,
		timeoutMs: 240000,
		onLine: args.has('--verbose') ? (line) => process.stdout.write(`[n8n] ${line}\n`) : undefined,
	});
	await new n8n.N8nRest(running.n8n.url).setupOwner(n8n.DEFAULT_OWNER);
	running.n8n.child.on('exit', (code, signal) => {
		if (stopping) return;
		say(`n8n exited unexpectedly (code ${code}, signal ${signal}); see ${logFile}`);
		void stopAll(1);
	});

	const line = '-'.repeat(64);
	process.stdout.write(
		[
			'',
			line,
			`  n8n is running:   ${running.n8n.url}`,
			`  log in with:      ${n8n.DEFAULT_OWNER.email}`,
			`  password:         ${n8n.DEFAULT_OWNER.password}`,
			`  credential:       "${CREDENTIAL.name}" -> ${running.sandbox.baseUrl}`,
			`  sandbox requests: ${running.sandbox.baseUrl.replace(/\/api$/, '')}/__sandbox/requests`,
			`  ready in ${Math.round((Date.now() - t0) / 1000)} s. Press Ctrl-C to stop n8n and the sandbox.`,
			line,
			'',
		].join('\n'),
	);
}

main().catch(async (error) => {
	process.stderr.write(`[start] failed: ${error && error.stack ? error.stack : error}\n`);
	await stopAll(1);
});
