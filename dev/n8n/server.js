'use strict';
// `n8n start` as a managed child process, plus the few REST calls the tooling needs
// (owner setup, login, node types, credential test).
const fs = require('fs');
const path = require('path');
const { layout } = require('./paths');
const { spawnTracked, stopProcess } = require('./processes');

const DEFAULT_OWNER = Object.freeze({
	email: 'owner@example.com',
	password: 'Sandbox-Passw0rd',
	firstName: 'Local',
	lastName: 'Owner',
});

function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

/**
 * Starts `n8n start` with `env` (from n8nEnv) and waits until the editor/REST API answers.
 * Returns { url, port, child, logs(), stop() }. `stop()` always terminates the process group.
 * @param {object} env
 * @param {object} [o]
 * @param {number} [o.timeoutMs]   how long to wait for readiness (default 180 s)
 * @param {(line:string)=>void} [o.onLine]  every output line (default: kept in memory only)
 * @param {string} [o.logFile]     also append output to this file
 */
async function startN8n(env, { timeoutMs = 180000, onLine, logFile, clockAt } = {}) {
	const l = layout();
	if (!fs.existsSync(l.n8nBin)) {
		throw new Error(
			`n8n ${l.version} is not installed in ${l.dir}; run \`node dev/n8n/install.js ${l.version}\` first`,
		);
	}
	const port = Number(env.N8N_PORT);
	const url = `http://localhost:${port}`;
	const lines = [];
	let logStream;
	if (logFile) {
		fs.mkdirSync(path.dirname(logFile), { recursive: true });
		logStream = fs.createWriteStream(logFile, { flags: 'a' });
	}
	// libfaketime (Debian `faketime`) starts n8n's clock at `clockAt` ('YYYY-MM-DD HH:MM:SS' UTC).
	const [command, args] = clockAt
		? ['faketime', ['-f', `@${clockAt}`, l.nodeBin, l.n8nBin, 'start']]
		: [l.nodeBin, [l.n8nBin, 'start']];
	const { child, done } = spawnTracked(command, args, {
		env,
		cwd: env.N8N_USER_FOLDER,
		onLine: (line, stream) => {
			lines.push(line);
			if (lines.length > 5000) lines.splice(0, lines.length - 5000);
			if (logStream) logStream.write(`${line}\n`);
			if (onLine) onLine(line, stream);
		},
	});
	let exited = null;
	done.then((r) => {
		exited = r;
		if (logStream) logStream.end();
	});
	const stop = async () => {
		await stopProcess(child, done, 15000);
	};
	const logs = () => lines.join('\n');

	const deadline = Date.now() + timeoutMs;
	try {
		for (;;) {
			if (exited) {
				throw new Error(
					`n8n start exited early (code ${exited.code}, signal ${exited.signal}):\n${logs().slice(-6000)}`,
				);
			}
			if (Date.now() > deadline) {
				throw new Error(
					`n8n did not become ready on ${url} within ${timeoutMs / 1000} s:\n${logs().slice(-6000)}`,
				);
			}
			if (await isReady(`http://127.0.0.1:${port}`)) break;
			await sleep(500);
		}
	} catch (err) {
		await stop();
		throw err;
	}
	return { url, port, child, logs, stop };
}

async function isReady(base) {
	try {
		const r = await fetch(`${base}/healthz/readiness`, { signal: AbortSignal.timeout(3000) });
		if (r.status !== 200) return false;
		// the REST API (and the frontend settings) must answer too
		const s = await fetch(`${base}/rest/settings`, { signal: AbortSignal.timeout(3000) });
		return s.status === 200;
	} catch {
		return false;
	}
}

/** A tiny cookie-keeping REST client for one n8n instance. */
class N8nRest {
	constructor(baseUrl) {
		this.baseUrl = baseUrl.replace(/\/$/, '').replace('://localhost', '://127.0.0.1');
		this.cookie = '';
	}

	async request(method, urlPath, body, { raw = false } = {}) {
		const headers = { accept: 'application/json' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		if (this.cookie) headers.cookie = this.cookie;
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60000),
		});
		const setCookies =
			typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const pair = c.split(';')[0];
			if (pair.startsWith('n8n-auth=')) this.cookie = pair;
		}
		if (raw) return res;
		const text = await res.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (!res.ok) {
			const err = new Error(`${method} ${urlPath} -> HTTP ${res.status}: ${text.slice(0, 1000)}`);
			err.status = res.status;
			err.body = json;
			throw err;
		}
		// n8n wraps REST responses as { data: ... }
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}

	/** Claims the instance owner (skipAuth endpoint, only while no owner exists). */
	async setupOwner(owner = DEFAULT_OWNER) {
		return this.request('POST', '/rest/owner/setup', {
			email: owner.email,
			password: owner.password,
			firstName: owner.firstName,
			lastName: owner.lastName,
		});
	}

	async login(owner = DEFAULT_OWNER) {
		return this.request('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
	}

	async settings() {
		return this.request('GET', '/rest/settings');
	}

	/** The full node type list the editor loads (auth required). */
	async nodeTypesJson() {
		return this.request('GET', '/types/nodes.json');
	}

	async credentialTypesJson() {
		return this.request('GET', '/types/credentials.json');
	}

	/** Node descriptions for [{ name, version }] (POST /rest/node-types). */
	async nodeDescriptions(nodeInfos) {
		return this.request('POST', '/rest/node-types', { nodeInfos });
	}

	async credentials() {
		return this.request('GET', '/rest/credentials');
	}

	async workflows() {
		return this.request('GET', '/rest/workflows');
	}

	/** Runs a credential type's `test` request. Resolves { status: 'OK'|'Error', message }. */
	async testCredential(credentials) {
		return this.request('POST', '/rest/credentials/test', { credentials });
	}

	/**
	 * Starts a manual execution the way the editor does (mode `manual`: polling triggers
	 * really poll). `triggerToStartFrom` is a node name. Resolves { executionId } or
	 * { waitingForWebhook: true }.
	 */
	async runManually(workflowId, triggerToStartFrom) {
		return this.request('POST', `/rest/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: triggerToStartFrom },
		});
	}

	/**
	 * Waits until an execution has finished and returns it with its run data parsed:
	 * { id, status, finished, mode, data: { resultData: { runData, error? } } }.
	 */
	async waitForExecution(executionId, { timeoutMs = 120000 } = {}) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const exec = await this.request('GET', `/rest/executions/${executionId}`);
			if (exec && exec.status && !['new', 'running', 'waiting'].includes(exec.status)) {
				const flatted = require(path.join(layout().n8nRoot, 'node_modules', 'flatted'));
				return {
					...exec,
					data: typeof exec.data === 'string' ? flatted.parse(exec.data) : exec.data,
				};
			}
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} still ${exec && exec.status} after ${timeoutMs / 1000} s`,
				);
			await sleep(500);
		}
	}

	/** GET a path and return { status, contentType, body (Buffer) }. */
	async getRaw(urlPath) {
		const res = await this.request(
			'GET',
			urlPath.startsWith('/') ? urlPath : `/${urlPath}`,
			undefined,
			{ raw: true },
		);
		const body = Buffer.from(await res.arrayBuffer());
		return { status: res.status, contentType: res.headers.get('content-type') || '', body };
	}
}

module.exports = { startN8n, N8nRest, DEFAULT_OWNER, isReady };
