'use strict';
// Child-process bookkeeping: every process we start runs in its own process group, is
// tracked, and is killed (whole group) on stop, on timeout, and when this process exits.
const fs = require('fs');
const { spawn } = require('child_process');

const live = new Set();

function killGroup(child, signal) {
	if (!child || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* already gone */
		}
	}
}

let exitHookInstalled = false;
function installExitHook() {
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const child of live) killGroup(child, 'SIGKILL');
	});
}

function readHead(file, maxBytes) {
	const fd = fs.openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(Math.min(fs.fstatSync(fd).size, maxBytes));
		fs.readSync(fd, buffer, 0, buffer.length, 0);
		return buffer.toString('utf8');
	} finally {
		fs.closeSync(fd);
	}
}

/**
 * Spawns a tracked child in its own process group. `onLine(line, stream)` receives output
 * lines as they arrive (stderr only, when `stdoutFile` takes stdout). Returns { child, done }
 * where done resolves to { code, signal, stdout, stderr, durationMs } (never rejects on a
 * non-zero exit).
 */
function spawnTracked(
	cmd,
	args,
	{ env, cwd, onLine, stdoutFile, maxBuffer = 64 * 1024 * 1024 } = {},
) {
	installExitHook();
	const started = Date.now();
	// Into a file, a child's stdout is written synchronously: n8n 1.x exits right after printing
	// a large run and loses the part still buffered for a pipe.
	const stdoutFd = stdoutFile ? fs.openSync(stdoutFile, 'w') : undefined;
	const stdio = ['ignore', stdoutFd ?? 'pipe', 'pipe'];
	const child = spawn(cmd, args, { env, cwd, detached: true, stdio });
	if (stdoutFd !== undefined) fs.closeSync(stdoutFd);
	live.add(child);
	let stdout = '';
	let stderr = '';
	const partial = { stdout: '', stderr: '' };
	const collect = (stream) => (chunk) => {
		const text = chunk.toString();
		if (stream === 'stdout') {
			if (stdout.length < maxBuffer) stdout += text;
		} else if (stderr.length < maxBuffer) stderr += text;
		if (onLine) {
			const lines = (partial[stream] + text).split('\n');
			partial[stream] = lines.pop();
			for (const line of lines) onLine(line, stream);
		}
	};
	if (child.stdout) child.stdout.on('data', collect('stdout'));
	child.stderr.on('data', collect('stderr'));
	const done = new Promise((resolve) => {
		child.on('error', (err) => {
			live.delete(child);
			resolve({
				code: -1,
				signal: null,
				stdout,
				stderr: stderr + String(err),
				durationMs: Date.now() - started,
			});
		});
		child.on('close', (code, signal) => {
			live.delete(child);
			if (stdoutFile) stdout = readHead(stdoutFile, maxBuffer);
			if (onLine) {
				if (partial.stdout) onLine(partial.stdout, 'stdout');
				if (partial.stderr) onLine(partial.stderr, 'stderr');
			}
			resolve({ code, signal, stdout, stderr, durationMs: Date.now() - started });
		});
	});
	return { child, done };
}

/** SIGTERM the group, wait up to graceMs, then SIGKILL; resolves when the child is gone. */
async function stopProcess(child, done, graceMs = 10000) {
	if (!child) return;
	if (child.exitCode === null && child.signalCode === null) {
		killGroup(child, 'SIGTERM');
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
		await done;
		clearTimeout(timer);
	}
	// the leader may be gone while grandchildren (task runner) linger: finish the group
	killGroup(child, 'SIGKILL');
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		/* group empty */
	}
}

/** Runs a command to completion with a hard timeout (kills the whole group when exceeded). */
async function runTracked(cmd, args, { timeoutMs = 120000, ...opts } = {}) {
	const { child, done } = spawnTracked(cmd, args, opts);
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		killGroup(child, 'SIGKILL');
	}, timeoutMs);
	const result = await done;
	clearTimeout(timer);
	try {
		process.kill(-child.pid, 'SIGKILL'); // leftovers of the group, if any
	} catch {
		/* group empty */
	}
	return { ...result, timedOut };
}

function liveCount() {
	return live.size;
}

module.exports = { spawnTracked, stopProcess, runTracked, killGroup, liveCount };
