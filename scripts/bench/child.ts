/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development tooling, not loaded by n8n */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import type { ParentMessage, WorkerMessage } from './jobs';

const WORKER = join(__dirname, 'worker.ts');

/** The bench worker in a child process, with its messages awaited one at a time. */
export class WorkerProcess {
	private readonly child: ChildProcess;
	private readonly inbox: WorkerMessage[] = [];
	private waiting?: { resolve: (message: WorkerMessage) => void; reject: (error: Error) => void };
	private readonly exited: Promise<number | null>;

	constructor() {
		this.child = fork(WORKER, [], {
			execArgv: ['--require', 'ts-node/register/transpile-only'],
			// LinkShortener.node.json sits next to LinkShortener.node.ts: resolve the .ts.
			env: { ...process.env, TS_NODE_PREFER_TS_EXTS: 'true' },
		});
		this.child.on('message', (message: WorkerMessage) => {
			if (this.waiting) this.waiting.resolve(message);
			else this.inbox.push(message);
			this.waiting = undefined;
		});
		this.exited = new Promise((resolve) =>
			this.child.once('exit', (code) => {
				this.waiting?.reject(new Error(`the bench worker exited (${code}) before answering`));
				resolve(code);
			}),
		);
	}

	send(message: ParentMessage): void {
		this.child.send(message);
	}

	async next(): Promise<WorkerMessage> {
		const message =
			this.inbox.shift() ??
			(await new Promise<WorkerMessage>((resolve, reject) => (this.waiting = { resolve, reject })));
		if (message.type === 'failed') throw new Error(message.error);
		return message;
	}

	async finish(): Promise<void> {
		this.send('done');
		await this.exited;
	}
}
