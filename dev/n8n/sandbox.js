'use strict';
// The sandbox API server as a child process (dev/sandbox/cli.ts via ts-node), for
// `npm start`. The e2e tests start it in-process instead (Sandbox.start).
const fs = require('fs');
const path = require('path');
const { spawnTracked, stopProcess } = require('./processes');

const REPO = path.resolve(__dirname, '..', '..');

/**
 * Starts `ts-node --transpile-only dev/sandbox/cli.ts --port <port>` and waits for its
 * "Base URL:" / "API key:" lines. Resolves { baseUrl, apiKey, port, stop(), logs() }.
 */
async function startSandboxProcess({ port, seedLinks, timeoutMs = 60000, onLine } = {}) {
	const cli = path.join(REPO, 'dev', 'sandbox', 'cli.ts');
	const tsNode = path.join(REPO, 'node_modules', '.bin', 'ts-node');
	if (!fs.existsSync(cli)) throw new Error(`sandbox CLI not found: ${cli}`);
	if (!fs.existsSync(tsNode)) throw new Error(`ts-node not found (${tsNode}); run npm install`);
	const lines = [];
	let baseUrl;
	let apiKey;
	let resolveReady;
	const ready = new Promise((r) => (resolveReady = r));
	const args = ['--transpile-only', '--prefer-ts-exts', cli];
	if (port) args.push('--port', String(port));
	if (seedLinks) args.push('--seed-links', String(seedLinks));
	const { child, done } = spawnTracked(process.execPath, [tsNode, ...args], {
		cwd: REPO,
		env: { ...process.env, TS_NODE_PROJECT: path.join(REPO, 'tsconfig.json') },
		onLine: (line, stream) => {
			lines.push(line);
			if (onLine) onLine(line, stream);
			const b = /Base URL:\s*(\S+)/.exec(line);
			if (b) baseUrl = b[1];
			const k = /API key:\s*(\S+)/.exec(line);
			if (k) apiKey = k[1];
			if (baseUrl && apiKey) resolveReady();
		},
	});
	const stop = () => stopProcess(child, done, 5000);
	const timer = new Promise((r) => setTimeout(() => r('timeout'), timeoutMs));
	const outcome = await Promise.race([ready.then(() => 'ready'), done.then(() => 'exited'), timer]);
	if (outcome !== 'ready') {
		await stop();
		throw new Error(`the sandbox did not start (${outcome}):\n${lines.join('\n').slice(-4000)}`);
	}
	return {
		baseUrl,
		apiKey,
		port: Number(new URL(baseUrl).port),
		stop,
		logs: () => lines.join('\n'),
	};
}

module.exports = { startSandboxProcess };
