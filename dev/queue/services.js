'use strict';
/**
 * PostgreSQL and Redis for n8n's queue mode, each on a free local port with its data in a
 * temporary folder, as tracked child processes (stopped with the test run).
 *
 *   const services = await startQueueServices();   // installs the Debian packages if missing
 *   services.postgres.env  // DB_TYPE=postgresdb + DB_POSTGRESDB_*
 *   services.redis.env     // QUEUE_BULL_REDIS_HOST / _PORT
 *   await services.stop();
 *
 * PostgreSQL refuses to run as root: as root, its folder belongs to the `postgres` user the
 * Debian package creates and its commands run through `runuser -u postgres --`.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { getFreePort } = require('../n8n/ports');
const { runTracked, spawnTracked, stopProcess } = require('../n8n/processes');

const DB_USER = 'n8n';
const DB_NAME = 'n8n';

function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const versions = fs
		.readdirSync(root)
		.filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')));
	versions.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

function hasCommand(name) {
	return (process.env.PATH || '')
		.split(path.delimiter)
		.some((dir) => fs.existsSync(path.join(dir, name)));
}

/** `apt-get install postgresql redis-server` when either is missing (Debian, as root). */
function installServices({ log = () => {} } = {}) {
	const missing = [];
	if (!postgresBinDir()) missing.push('postgresql');
	if (!hasCommand('redis-server')) missing.push('redis-server');
	if (missing.length === 0) return;
	if (process.getuid && process.getuid() !== 0) {
		throw new Error(
			`queue mode needs ${missing.join(' and ')}: sudo apt-get install ${missing.join(' ')}`,
		);
	}
	log(`installing ${missing.join(', ')} (apt-get)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore', timeout: 300_000 });
	execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
		env,
		stdio: 'ignore',
		timeout: 600_000,
	});
	if (!postgresBinDir() || !hasCommand('redis-server'))
		throw new Error(`apt-get did not provide ${missing.join(', ')}`);
}

/** Runs a PostgreSQL command as the `postgres` user when we are root. */
function asPostgresUser(bin, args) {
	const isRoot = process.getuid && process.getuid() === 0;
	return isRoot
		? { cmd: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] }
		: { cmd: bin, args };
}

/** Waits (bounded) until a line matching `pattern` was printed, or the process exited. */
function waitForLine(watch, pattern, what, timeoutMs) {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() =>
				finish(
					new Error(
						`${what} did not start within ${timeoutMs / 1000} s:\n${watch.text().slice(-3000)}`,
					),
				),
			timeoutMs,
		);
		const finish = (error) => {
			clearTimeout(timer);
			watch.listeners.delete(onLine);
			if (error) reject(error);
			else resolve();
		};
		const onLine = (line) => pattern.test(line) && finish();
		watch.listeners.add(onLine);
		if (pattern.test(watch.text())) finish();
		watch.done.then((r) =>
			finish(
				new Error(
					`${what} exited (code ${r.code}, signal ${r.signal}):\n${watch.text().slice(-3000)}`,
				),
			),
		);
	});
}

function startWatched(cmd, args, opts) {
	const lines = [];
	const listeners = new Set();
	const { child, done } = spawnTracked(cmd, args, {
		...opts,
		onLine: (line) => {
			lines.push(line);
			if (lines.length > 2000) lines.shift();
			for (const listener of listeners) listener(line);
		},
	});
	return { child, done, listeners, text: () => lines.join('\n') };
}

async function startPostgres({ timeoutMs = 60_000 } = {}) {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed (installServices() first)');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
	const data = path.join(dir, 'data');
	if (process.getuid && process.getuid() === 0)
		execFileSync('chown', ['-R', 'postgres:postgres', dir]);
	const initdb = asPostgresUser(path.join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		DB_USER,
		'--auth=trust',
		'-E',
		'UTF8',
		'--no-sync',
	]);
	const init = await runTracked(initdb.cmd, initdb.args, { timeoutMs });
	if (init.code !== 0)
		throw new Error(`initdb failed (code ${init.code}):\n${init.stdout}\n${init.stderr}`);

	const port = await getFreePort();
	const settings = [
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		`unix_socket_directories=${dir}`,
		'-c',
		'fsync=off',
		'-c',
		'max_connections=100',
	];
	const server = asPostgresUser(path.join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		...settings,
	]);
	const watch = startWatched(server.cmd, server.args, { cwd: dir });
	const stop = async () => {
		// a fast shutdown does not wait for clients still connected (plain SIGTERM would)
		const pgCtl = asPostgresUser(path.join(bin, 'pg_ctl'), [
			'stop',
			'-D',
			data,
			'-m',
			'fast',
			'-w',
			'-t',
			'20',
		]);
		if (watch.child.exitCode === null)
			await runTracked(pgCtl.cmd, pgCtl.args, { timeoutMs: 30_000 });
		await stopProcess(watch.child, watch.done, 10_000);
		fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitForLine(
			watch,
			/database system is ready to accept connections/,
			'PostgreSQL',
			timeoutMs,
		);
		const createdb = await runTracked(
			path.join(bin, 'createdb'),
			['-h', '127.0.0.1', '-p', String(port), '-U', DB_USER, DB_NAME],
			{ timeoutMs },
		);
		if (createdb.code !== 0) throw new Error(`createdb failed:\n${createdb.stderr}`);
	} catch (error) {
		await stop();
		throw error;
	}
	const env = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(port),
		DB_POSTGRESDB_DATABASE: DB_NAME,
		DB_POSTGRESDB_USER: DB_USER,
		DB_POSTGRESDB_PASSWORD: DB_USER, // trust authentication: accepted, not checked
	};
	return { port, env, logs: watch.text, stop };
}

async function startRedis({ timeoutMs = 30_000 } = {}) {
	const port = await getFreePort();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
	const args = [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'no',
		'--dir',
		dir,
	];
	const watch = startWatched('redis-server', args, { cwd: dir });
	const stop = async () => {
		await stopProcess(watch.child, watch.done, 10_000);
		fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitForLine(watch, /Ready to accept connections/, 'Redis', timeoutMs);
	} catch (error) {
		await stop();
		throw error;
	}
	return {
		port,
		env: { QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(port) },
		logs: watch.text,
		stop,
	};
}

/** Installs (when missing) and starts PostgreSQL and Redis; `stop()` stops both. */
async function startQueueServices(options = {}) {
	installServices(options);
	const postgres = await startPostgres();
	let redis;
	try {
		redis = await startRedis();
	} catch (error) {
		await postgres.stop();
		throw error;
	}
	return {
		postgres,
		redis,
		env: { ...postgres.env, ...redis.env },
		stop: async () => {
			await Promise.allSettled([redis.stop(), postgres.stop()]);
		},
	};
}

module.exports = { installServices, startPostgres, startRedis, startQueueServices, postgresBinDir };
