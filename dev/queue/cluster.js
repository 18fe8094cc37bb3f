'use strict';
/**
 * n8n in queue mode, laid out as a self-hosted team runs it: PostgreSQL and Redis, one main
 * process (`n8n start`) and workers (`n8n worker`). Every n8n process has its own user folder
 * with the package installed under `.n8n/nodes`; all share the database, Redis and one
 * encryption key.
 *
 *   const cluster = await QueueCluster.create({ tarball });
 *   await cluster.importCredentials([...]); await cluster.importWorkflows([...]);
 *   await cluster.startMain();          // cluster.rest: logged-in REST client of main
 *   await cluster.addWorker();          // as many as needed
 *   await cluster.stop();               // workers, main, Redis, PostgreSQL
 */
const n8n = require('../n8n');
const { spawnTracked, stopProcess } = require('../n8n/processes');
const { startQueueServices } = require('./services');

const READY_TIMEOUT_MS = 240_000;

function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

class QueueCluster {
	constructor(tarball, services) {
		this.tarball = tarball;
		this.services = services;
		this.folders = [];
		this.workers = [];
		this.main = undefined;
		this.rest = undefined;
		this.mainEnv = undefined;
	}

	/** Installs (when missing) and starts PostgreSQL and Redis; prepares main's user folder. */
	static async create({ tarball, log } = {}) {
		const cluster = new QueueCluster(tarball, await startQueueServices({ log }));
		try {
			cluster.mainEnv = await cluster.processEnv('main', {
				port: await n8n.getFreePort(),
				// manual runs (the editor's, and POST /rest/workflows/:id/run) go to the workers too
				extra: { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' },
			});
		} catch (error) {
			await cluster.stop();
			throw error;
		}
		return cluster;
	}

	/** A user folder with the package installed, and the queue-mode environment for it. */
	async processEnv(role, { port, extra = {} }) {
		const userFolder = n8n.makeUserFolder(`n8n-queue-${role}-`);
		this.folders.push(userFolder);
		n8n.installPackage(userFolder, this.tarball);
		return n8n.n8nEnv({
			userFolder,
			port,
			brokerPort: await n8n.getFreePort(),
			extra: { ...this.services.env, EXECUTIONS_MODE: 'queue', ...extra },
		});
	}

	importCredentials(credentials) {
		return n8n.importCredentials(this.mainEnv, credentials);
	}

	importWorkflows(workflows) {
		return n8n.importWorkflows(this.mainEnv, workflows);
	}

	/** `n8n start` in queue mode; sets up the owner and logs in (`this.rest`). */
	async startMain() {
		this.main = await n8n.startN8n(this.mainEnv, { timeoutMs: READY_TIMEOUT_MS });
		await new n8n.N8nRest(this.main.url).setupOwner();
		this.rest = new n8n.N8nRest(this.main.url);
		await this.rest.login();
		return this.main;
	}

	/** Starts one more `n8n worker`; ready when its health endpoint says so. */
	async addWorker() {
		const name = `worker-${this.workers.length + 1}`;
		const healthPort = await n8n.getFreePort();
		const env = await this.processEnv(name, {
			port: healthPort,
			extra: { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) },
		});
		const l = n8n.layout();
		const lines = [];
		const { child, done } = spawnTracked(l.nodeBin, [l.n8nBin, 'worker', '--concurrency=5'], {
			env,
			cwd: env.N8N_USER_FOLDER,
			onLine: (line) => {
				lines.push(line);
				if (lines.length > 5000) lines.shift();
			},
		});
		const worker = {
			name,
			logs: () => lines.join('\n'),
			stop: () => stopProcess(child, done, 15_000),
		};
		this.workers.push(worker);
		let exited;
		done.then((result) => (exited = result));
		const deadline = Date.now() + READY_TIMEOUT_MS;
		for (;;) {
			if (exited)
				throw new Error(`${name} exited (code ${exited.code}):\n${worker.logs().slice(-4000)}`);
			if (Date.now() > deadline)
				throw new Error(
					`${name} not ready within ${READY_TIMEOUT_MS / 1000} s:\n${worker.logs().slice(-4000)}`,
				);
			if (await healthy(`http://127.0.0.1:${healthPort}/healthz/readiness`)) return worker;
			await sleep(500);
		}
	}

	/** The workers whose log says they ran this execution. */
	workersThatRan(executionId) {
		const started = new RegExp(`Worker started execution ${executionId} \\(`);
		return this.workers.filter((w) => started.test(w.logs())).map((w) => w.name);
	}

	async stop() {
		for (const worker of this.workers) await worker.stop();
		if (this.main) await this.main.stop();
		await this.services.stop();
		if (!process.env.E2E_KEEP_USER_FOLDER)
			for (const folder of this.folders) n8n.removeUserFolder(folder);
	}
}

async function healthy(url) {
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
		return response.status === 200;
	} catch {
		return false;
	}
}

module.exports = { QueueCluster };
