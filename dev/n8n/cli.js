'use strict';
// Headless n8n commands against one user folder: import credentials / workflows, execute.
const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const { layout } = require('./paths');
const { runTracked } = require('./processes');

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 16-character id like the ones n8n generates for workflows and credentials. */
function newId() {
	const bytes = crypto.randomBytes(16);
	let id = '';
	for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
	return id;
}

/**
 * Runs `n8n <args>` with the cached Node 24 and n8n.
 * Resolves { code, stdout, stderr, durationMs, timedOut } (never rejects on exit codes).
 */
async function runN8n(args, env, { timeoutMs = 180000, onLine, stdoutFile, maxBuffer } = {}) {
	const l = layout();
	if (!fs.existsSync(l.n8nBin)) {
		throw new Error(
			`n8n ${l.version} is not installed in ${l.dir}; run \`node dev/n8n/install.js ${l.version}\` first`,
		);
	}
	return runTracked(l.nodeBin, [l.n8nBin, ...args], {
		env,
		cwd: env.N8N_USER_FOLDER,
		timeoutMs,
		onLine,
		stdoutFile,
		maxBuffer,
	});
}

function describe(result) {
	return `exit ${result.code}${result.signal ? ` (signal ${result.signal})` : ''}${result.timedOut ? ' (timed out)' : ''}\n--- stdout ---\n${result.stdout.slice(-6000)}\n--- stderr ---\n${result.stderr.slice(-6000)}`;
}

function tmpJson(value) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-import-'));
	const file = path.join(dir, 'input.json');
	fs.writeFileSync(file, JSON.stringify(value, null, 2));
	return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Imports credentials ({ id?, name, type, data }); plain `data` is encrypted on import.
 * Returns the credentials with their ids.
 */
async function importCredentials(env, credentials) {
	const list = credentials.map((c) => ({
		id: c.id || newId(),
		name: c.name,
		type: c.type,
		data: c.data,
	}));
	const { file, cleanup } = tmpJson(list);
	try {
		const res = await runN8n(['import:credentials', `--input=${file}`], env);
		if (res.code !== 0) throw new Error(`n8n import:credentials failed: ${describe(res)}`);
	} finally {
		cleanup();
	}
	return list;
}

/**
 * Points every node credential reference of the given types at the given credential
 * ({ [credentialType]: { id, name } }). Returns a copy.
 */
function bindCredentials(workflow, byType) {
	const wf = JSON.parse(JSON.stringify(workflow));
	for (const node of wf.nodes || []) {
		if (!node.credentials) continue;
		for (const type of Object.keys(node.credentials)) {
			if (byType[type]) node.credentials[type] = { id: byType[type].id, name: byType[type].name };
		}
	}
	return wf;
}

/**
 * Imports workflows (objects). Each gets an id if it has none; `active` is forced false
 * (manual-trigger workflows). Returns the workflows as imported (with ids).
 */
async function importWorkflows(env, workflows) {
	const list = workflows.map((w) => ({
		...w,
		id: w.id || newId(),
		active: false,
		settings: w.settings || {},
		connections: w.connections || {},
	}));
	const { file, cleanup } = tmpJson(list);
	try {
		const res = await runN8n(['import:workflow', `--input=${file}`], env);
		if (res.code !== 0) throw new Error(`n8n import:workflow failed: ${describe(res)}`);
	} finally {
		cleanup();
	}
	return list;
}

/**
 * `n8n execute` prints a few log lines, then the run JSON from a line `{` to a line `}`.
 * Returns the parsed object or undefined.
 */
function parseRunJson(stdout) {
	const lines = stdout.split('\n');
	const start = lines.findIndex((l) => l.trimEnd() === '{');
	if (start < 0) return undefined;
	for (let end = lines.length - 1; end > start; end--) {
		if (lines[end].trimEnd() !== '}') continue;
		try {
			return JSON.parse(lines.slice(start, end + 1).join('\n'));
		} catch {
			/* try an earlier closing line */
		}
	}
	return undefined;
}

/**
 * Runs `n8n execute --id=<id> --rawOutput`. Resolves
 * { code, ok, run, stdout, stderr, durationMs } where `run` is the parsed run data
 * (IRun-like: { data: { resultData: { runData, error? } }, status, ... }) when printed.
 */
/** `maxBuffer`: the most bytes of run JSON read back (64 MiB unless given; 100,000 items take more). */
async function executeWorkflow(env, id, { timeoutMs = 180000, maxBuffer } = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-execute-'));
	let res;
	try {
		res = await runN8n(['execute', `--id=${id}`, '--rawOutput'], env, {
			timeoutMs,
			maxBuffer,
			stdoutFile: path.join(dir, 'stdout'),
		});
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	const run = parseRunJson(res.stdout);
	// Under load n8n 2.41 sometimes dies by a signal while shutting down, after it printed the
	// complete run: that run still counts as what the workflow did.
	const finishedBeforeSignal =
		res.code === null && Boolean(res.signal) && run?.status === 'success';
	const ok = (res.code === 0 || finishedBeforeSignal) && !res.timedOut;
	return { ...res, ok, run, describe: () => describe(res) };
}

/** The output items (json only) of a node's first run, main output `outputIndex`. */
function nodeItems(run, nodeName, outputIndex = 0, runIndex = 0) {
	const runData = run && run.data && run.data.resultData && run.data.resultData.runData;
	if (!runData || !runData[nodeName]) {
		const names = runData ? Object.keys(runData).join(', ') : '(no runData)';
		throw new Error(`node "${nodeName}" did not run; nodes that ran: ${names}`);
	}
	const task = runData[nodeName][runIndex];
	if (!task) throw new Error(`node "${nodeName}" has no run #${runIndex}`);
	if (task.error) {
		throw new Error(
			`node "${nodeName}" failed: ${task.error.message} ${task.error.description || ''}`,
		);
	}
	const main = (task.data && task.data.main) || [];
	return (main[outputIndex] || []).map((item) => item.json);
}

/** The error of a node's run, if any. */
function nodeError(run, nodeName, runIndex = 0) {
	const runData = run && run.data && run.data.resultData && run.data.resultData.runData;
	const task = runData && runData[nodeName] && runData[nodeName][runIndex];
	return task ? task.error : undefined;
}

module.exports = {
	newId,
	runN8n,
	importCredentials,
	importWorkflows,
	bindCredentials,
	executeWorkflow,
	parseRunJson,
	nodeItems,
	nodeError,
};
